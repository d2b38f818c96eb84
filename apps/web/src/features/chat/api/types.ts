import type { ChatApi } from '@lottery/contract/chat-api';
import type { FilesApi } from '@lottery/contract/files-api';
import type { CallReply } from '../../../shared/api/call';

/** Replies of the chat calls, as the contract types them (docs/chat.md). */
export type RoomListItem = CallReply<typeof ChatApi.roomList>['rows'][number];
export type RoomSettings = CallReply<typeof ChatApi.room>;
export type DirectRoom = CallReply<typeof ChatApi.directRoom>;
export type DirectUser = DirectRoom['targetUser'];
export type DirectRoomListItem = CallReply<typeof ChatApi.directRoomList>['rows'][number];
export type BanRow = CallReply<typeof ChatApi.banList>['rows'][number];
export type PlayerCard = CallReply<typeof ChatApi.card>;
export type SavedImage = CallReply<typeof ChatApi.savedImages>['rows'][number];
export type UploadedImage = CallReply<typeof FilesApi.uploadChatFile>;
