import { SAVED_IMAGE_PAGE_SIZE } from '@lottery/contract/chat';
import { ChatApi } from '@lottery/contract/chat-api';
import { FilesApi } from '@lottery/contract/files-api';
import { call, callEnvelope, callUpload } from '../../../shared/api/call';

/** POST files/uploadChatFile (multipart). isFavorite also saves it (收藏成功). */
export const uploadChatImage = (file: Blob, isFavorite = false) =>
  callUpload(FilesApi.uploadChatFile, {
    fields: isFavorite ? { isFavorite: '1' } : {},
    files: [{ file, name: 'image.jpg' }],
  });

/** GET chat/getSavedImageList (40 per page). */
export const getSavedImages = () =>
  call(ChatApi.savedImages, { pageNum: 1, pageSize: SAVED_IMAGE_PAGE_SIZE });

/** POST chat/addSavedImage2: favourite (收藏) an image already posted in the chat. */
export const saveImage = (imgPath: string) =>
  callEnvelope(ChatApi.addSavedImage, { imgPath, status: '0' }, { passCodes: [-2] });

/** POST chat/deleteSavedImage */
export const deleteSavedImages = (ids: number[]) =>
  callEnvelope(ChatApi.deleteSavedImages, { ids: ids.join(',') }, { passCodes: [-2] });
