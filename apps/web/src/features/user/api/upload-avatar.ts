import { FilesApi } from '@lottery/contract/files-api';
import { callUpload } from '../../../shared/api/call';

/** POST users/uploadImage (multipart): an own picture becomes the avatar; answers its URL. */
export const uploadAvatar = async (file: File): Promise<string> =>
  (await callUpload(FilesApi.uploadImage, { files: [{ file, name: file.name || 'avatar.jpg' }] })).data.url;
