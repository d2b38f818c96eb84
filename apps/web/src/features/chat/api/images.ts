import { SAVED_IMAGE_PAGE_SIZE } from '@lottery/contract/chat';
import { Code } from '@lottery/contract/codes';
import { request, requestEnvelope } from '../../../shared/api/client';
import { enpathUrl } from '../../../shared/api/enpath';
import { ApiError } from '../../../shared/api/envelope';
import type { Page, SavedImage, UploadedImage } from './types';

/** POST files/uploadChatFile (multipart). isFavorite also saves it (收藏成功). */
export async function uploadChatImage(
  file: Blob,
  isFavorite = false,
): Promise<{ data: UploadedImage; msg: string }> {
  const body = new FormData();
  body.set('file', file, 'image.jpg');
  if (isFavorite) body.set('isFavorite', '1');
  const res = await fetch(enpathUrl('files/uploadChatFile'), {
    method: 'POST',
    body,
    credentials: 'same-origin',
  });
  const envelope = (await res.json().catch(() => ({ code: -1, msg: '上传失败' }))) as {
    code: number;
    msg: string;
    data?: UploadedImage;
  };
  if (envelope.code !== Code.OK || !envelope.data)
    throw new ApiError({ code: envelope.code, msg: envelope.msg, handled: false });
  return { data: envelope.data, msg: envelope.msg };
}

/** GET chat/getSavedImageList (40 per page). */
export const getSavedImages = () =>
  request<Page<SavedImage>>('chat/getSavedImageList', {
    query: { pageNum: 1, pageSize: SAVED_IMAGE_PAGE_SIZE },
  });

/** POST chat/addSavedImage2: favourite (收藏) an image already posted in the chat. */
export const saveImage = (imgPath: string) =>
  requestEnvelope<unknown>('chat/addSavedImage2', { form: { imgPath, status: 0 }, passCodes: [-2] });

/** POST chat/deleteSavedImage */
export const deleteSavedImages = (ids: number[]) =>
  requestEnvelope<unknown>('chat/deleteSavedImage', { form: { ids: ids.join(',') }, passCodes: [-2] });
