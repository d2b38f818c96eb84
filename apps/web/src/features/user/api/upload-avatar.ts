import { uploadFile } from '../../../shared/api/upload';

/** POST users/uploadImage (multipart): an own picture becomes the avatar; answers its URL. */
export const uploadAvatar = async (file: File): Promise<string> =>
  (await uploadFile<{ url: string }>('users/uploadImage', file, file.name || 'avatar.jpg')).data.url;
