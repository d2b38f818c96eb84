/** Replies of the chat calls (docs/chat.md). */
export interface RoomListItem {
  roomCode: string;
  roomId: number;
  title: string;
  subTitle: string;
  avatar: string;
  banned: boolean;
  isMessageBanned: boolean;
  isPassword: boolean;
  latestMessageId: number | null;
  messageReadId: number | null;
  unread: boolean;
}

export interface RoomSettings {
  roomCode: string;
  roomId: number;
  title: string;
  subTitle: string;
  avatar: string;
  imageUrl: string;
  content: string;
  gmtCreated: number;
  isPassword: boolean;
  isUnlocked: boolean;
  isShowList: boolean;
  isManager: boolean;
  isBanned: boolean;
  bannedMessage: string;
  isMessageBanned: boolean;
  messageLength: number;
  grade: number;
  registerLink: string;
  latestMessageId: number | null;
  messageReadId: number | null;
}

export interface DirectUser {
  userId: number | string;
  userName: string;
  nickName: string;
  grade: number;
  avatar?: string;
}

export interface DirectRoom {
  roomId: number;
  user: DirectUser;
  targetUser: DirectUser;
  latestMessageId: number | null;
  messageReadId: number | null;
  unread: boolean;
}

export interface DirectRoomListItem {
  roomId: number;
  userName: string;
  targetUser: DirectUser;
  latestMessageId: number | null;
  messageReadId: number | null;
  unread: boolean;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

export interface BanRow {
  id: number;
  target: string;
  nickname: string;
  durationTypeId: number;
  durationLabel: string;
  gmtModified: number;
  untilAt: number | null;
  isBan: boolean;
}

export interface PlayerCard {
  userId: number;
  nickName: string;
  nickname: string;
  userName: string;
  avatar: string;
  sex: number;
  grade: number;
  gradeShow: string;
  gradeName: string;
  playedLottery: string;
  totalBonus?: string;
}

export interface SavedImage {
  id: number;
  imgPath: string;
  thumbPath: string;
}

export interface UploadedImage {
  imgPath: string;
  thumbPath: string;
  width: number;
  height: number;
}
