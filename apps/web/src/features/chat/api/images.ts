import { SAVED_IMAGE_PAGE_SIZE } from '@lottery/contract/chat';
import { request, requestEnvelope } from '../../../shared/api/client';
import { uploadFile } from '../../../shared/api/upload';
import type { Page, SavedImage, UploadedImage } from './types';

/** POST files/uploadChatFile (multipart). isFavorite also saves it (收藏成功). */
export const uploadChatImage = (file: Blob, isFavorite = false) =>
  uploadFile<UploadedImage>('files/uploadChatFile', file, 'image.jpg', isFavorite ? { isFavorite: '1' } : {});

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
