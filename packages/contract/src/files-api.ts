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
};
