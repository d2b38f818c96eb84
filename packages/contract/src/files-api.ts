import { z } from 'zod';
import { endpoint } from './endpoint';

/** A stored chat image: the re-encoded JPEG, its thumbnail, and its size in pixels. */
export const chatFileData = z.object({
  imgPath: z.string(),
  thumbPath: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ChatFileData = z.infer<typeof chatFileData>;

/** users/uploadImage: the player's own avatar, a 256×256 JPEG; it becomes the avatar at once. */
export const avatarImageData = z.object({ url: z.string() });
export type AvatarImageData = z.infer<typeof avatarImageData>;

/** Payment proof images a digital-currency deposit order may carry. */
export const MAX_PROOF_IMAGES = 5;
export const uploadImageFilesData = z.object({
  orderNo: z.string(),
  /** Stored names (private, seen by the operator), in upload order. */
  names: z.array(z.string()),
  count: z.number().int(),
  max: z.number().int(),
});
export type UploadImageFilesData = z.infer<typeof uploadImageFilesData>;

/** File uploads (spec/platform.md §7 "Chat": upload files/uploadChatFile). */
export const FilesApi = {
  uploadChatFile: endpoint({
    method: 'POST',
    path: 'files/uploadChatFile',
    summary:
      'Upload a chat image (multipart: file, isFavorite); JPEG/PNG/GIF/WebP, re-encoded. isFavorite also saves it (msg 收藏成功)',
    data: chatFileData,
    login: true,
  }),
  uploadImage: endpoint({
    method: 'POST',
    path: 'users/uploadImage',
    summary:
      'Upload an avatar (multipart: file); JPEG/PNG/GIF/BMP ≤ 2 MB, re-encoded 256×256; becomes the avatar',
    data: avatarImageData,
    login: true,
  }),
  uploadImageFiles: endpoint({
    method: 'POST',
    path: 'files/uploadImageFiles',
    summary:
      'Upload payment proof images of an own digital-currency deposit order (multipart: orderNo, then 1-5 files)',
    data: uploadImageFilesData,
    login: true,
  }),
};
