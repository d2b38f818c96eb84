import { z } from 'zod';
import {
  AddBanBody,
  AddDirectMessageBody,
  AddMessageBody,
  AddSavedImageBody,
  BanListQuery,
  CardQuery,
  ChatMessage,
  CheckPasswordBody,
  DeleteBanBody,
  DeleteSavedImageBody,
  DirectReadBody,
  DirectRoomListQuery,
  DirectRoomLiteQuery,
  DirectRoomQuery,
  GetBanQuery,
  IsDownQuery,
  MessageListQuery,
  OnlineCountQuery,
  OnlineListQuery,
  OnlineMember,
  PushPlanQuery,
  RecallDirectBody,
  RemarkBody,
  RemarkQuery,
  RoleQuery,
  RoomBannedBody,
  RoomListQuery,
  RoomQuery,
  SavedImageListQuery,
  UpdateBanBody,
  WithdrawBody,
} from './chat';
import { endpoint } from './endpoint';

/** Replies of the chat/* calls (spec/platform.md §7, docs/chat.md). */
const int = z.number().int();
const readState = {
  latestMessageId: int.nullable(),
  messageReadId: int.nullable(),
  unread: z.boolean(),
};
const page = <Row extends z.ZodType>(row: Row) => z.object({ rows: z.array(row), total: int });

export const roomListItem = z.object({
  roomCode: z.string(),
  roomId: int,
  title: z.string(),
  subTitle: z.string(),
  avatar: z.string(),
  banned: z.boolean(),
  isMessageBanned: z.boolean(),
  isPassword: z.boolean(),
  ...readState,
});

export const roomSettings = z.object({
  roomCode: z.string(),
  roomId: int,
  title: z.string(),
  subTitle: z.string(),
  avatar: z.string(),
  imageUrl: z.string(),
  /** The introduction; empty until a password room is unlocked. */
  content: z.string(),
  gmtCreated: z.number(),
  isPassword: z.boolean(),
  isUnlocked: z.boolean(),
  isShowList: z.boolean(),
  isManager: z.boolean(),
  isBanned: z.boolean(),
  bannedMessage: z.string(),
  isMessageBanned: z.boolean(),
  messageLength: int,
  grade: int,
  bannedGrades: z.array(int),
  registerLink: z.string(),
  ...readState,
});

/** A message page by id cursor (first load 5, then 20). */
export const messagePage = z.object({ rows: z.array(ChatMessage), hasMore: z.boolean() });

export const banRow = z.object({
  id: int,
  target: z.string(),
  nickname: z.string(),
  durationTypeId: int,
  durationLabel: z.string(),
  gmtModified: z.number(),
  untilAt: z.number().nullable(),
  isBan: z.boolean(),
});

export const memberRole = z.object({
  userId: int,
  userName: z.string(),
  isManager: z.boolean(),
  isBanned: z.boolean(),
  durationTypeId: int.nullable(),
  grade: int,
});

export const onlineMembers = z.object({
  managers: z.array(OnlineMember),
  others: z.array(OnlineMember),
  total: int,
});

const directUser = z.object({
  userId: int,
  userName: z.string(),
  nickName: z.string(),
  grade: int,
  avatar: z.string(),
});

export const directRoom = z.object({
  roomId: int,
  user: directUser,
  targetUser: directUser,
  ...readState,
});

export const directRoomListItem = z.object({
  roomId: int,
  userName: z.string(),
  targetUser: directUser,
  ...readState,
});

export const playerCard = z.object({
  userId: int,
  nickName: z.string(),
  nickname: z.string(),
  userName: z.string(),
  avatar: z.string(),
  sex: int,
  grade: int,
  gradeShow: z.string(),
  gradeShowColorId: int,
  gradeName: z.string(),
  /** Lottery codes the player has bet on, comma-separated. */
  playedLottery: z.string(),
  /** Only where the operator shows winnings on cards (tenant config showCardProfit). */
  totalBonus: z.string().optional(),
});

export const savedImage = z.object({ id: int, imgPath: z.string(), thumbPath: z.string() });

export const pushPlanRecord = z.object({
  id: int,
  gameName: z.string(),
  issue: z.string(),
  openNumber: z.string(),
  predictionResult: z.string(),
  isPrize: int,
  createdAt: z.number(),
});

const room = (path: string, summary: string) => ({ path: `chat/${path}`, summary });

/** Every chat call. `login: false` ones also serve guests (guestCode) in guest rooms. */
export const ChatApi = {
  roomList: endpoint({
    method: 'GET',
    ...room('getRoomListWeb', 'Rooms the player may enter, with unread state'),
    request: RoomListQuery,
    data: page(roomListItem),
    login: true,
  }),
  room: endpoint({
    method: 'GET',
    ...room('getRoomWeb', 'Room settings (spec §3); members or guests'),
    request: RoomQuery,
    data: roomSettings,
  }),
  checkPassword: endpoint({
    method: 'POST',
    ...room('checkPassword', 'Unlock a password room (4 digits, rate limited)'),
    request: CheckPasswordBody,
  }),
  messages: endpoint({
    method: 'GET',
    ...room('getMessageListWeb', 'Room messages by id cursor'),
    request: MessageListQuery,
    data: messagePage,
    login: true,
  }),
  guestMessages: endpoint({
    method: 'GET',
    ...room('getMessageListWebGuest', 'Room messages by id cursor, for a guest'),
    request: MessageListQuery,
    data: messagePage,
  }),
  addMessage: endpoint({
    method: 'POST',
    ...room('addMessage', 'Post a room message'),
    request: AddMessageBody,
    data: ChatMessage,
    login: true,
  }),
  addGuestMessage: endpoint({
    method: 'POST',
    ...room('addMessageGuest', 'Post a room message as a guest'),
    request: AddMessageBody,
    data: ChatMessage,
  }),
  withdraw: endpoint({
    method: 'POST',
    ...room('updateMessageStateFront', 'Withdraw an own message (managers: any) in a room'),
    request: WithdrawBody,
    login: true,
  }),
  role: endpoint({
    method: 'GET',
    ...room('getRoleFront', "A member's role and mute state in a room"),
    request: RoleQuery,
    data: memberRole,
    login: true,
  }),
  addBan: endpoint({
    method: 'POST',
    ...room('addBanFront', 'Mute a member (managers); 6 lifts, answering id null'),
    request: AddBanBody,
    data: z.object({ id: int.nullable() }),
    login: true,
  }),
  getBan: endpoint({
    method: 'GET',
    ...room('getBanFront', "A member's active mute (managers)"),
    request: GetBanQuery,
    data: banRow.nullable(),
    login: true,
  }),
  getBanByPost: endpoint({
    method: 'POST',
    ...room('getBanFront', "A member's active mute (managers), as a form"),
    request: GetBanQuery,
    data: banRow.nullable(),
    login: true,
  }),
  updateBan: endpoint({
    method: 'POST',
    ...room('updateBanFront', 'Change a mute (managers)'),
    request: UpdateBanBody,
    login: true,
  }),
  deleteBans: endpoint({
    method: 'POST',
    ...room('deleteBanFront', 'Lift mutes by id (managers)'),
    request: DeleteBanBody,
    login: true,
  }),
  banList: endpoint({
    method: 'GET',
    ...room('getBanListFront', 'Muted members of a room (managers)'),
    request: BanListQuery,
    data: page(banRow),
    login: true,
  }),
  muteRoom: endpoint({
    method: 'POST',
    ...room('updateRoomBannedWeb', 'Mute or unmute the whole room (managers)'),
    request: RoomBannedBody,
    login: true,
  }),
  online: endpoint({
    method: 'GET',
    ...room('getOnlineMemberListFront', 'Members online in a room: managers, others (if shown)'),
    request: OnlineListQuery,
    data: onlineMembers,
    login: true,
  }),
  onlineCount: endpoint({
    method: 'GET',
    path: 'broadCast/getOnlineCount',
    summary: 'How many are online in a room',
    request: OnlineCountQuery,
    data: int,
  }),
  socketKey: endpoint({
    method: 'GET',
    path: 'broadCast/generateKey',
    summary: 'A one-time key to open the chat socket as this player',
    data: z.string(),
    login: true,
  }),
  directRoom: endpoint({
    method: 'GET',
    ...room('getDirectRoomWeb', 'Open (or create) a private chat by room or target player'),
    request: DirectRoomQuery,
    data: directRoom,
    login: true,
  }),
  directRoomList: endpoint({
    method: 'GET',
    ...room('getDirectRoomListWeb', "The player's private chats"),
    request: DirectRoomListQuery,
    data: page(directRoomListItem),
    login: true,
  }),
  directRoomLite: endpoint({
    method: 'GET',
    ...room('getDirectRoomLite', 'A private chat: its id and the other player'),
    request: DirectRoomLiteQuery,
    data: z.object({ roomId: int, targetUser: directUser }),
    login: true,
  }),
  directMessages: endpoint({
    method: 'GET',
    ...room('getDirectMessageListWeb', 'Private messages by id cursor'),
    request: MessageListQuery,
    data: messagePage,
    login: true,
  }),
  addDirectMessage: endpoint({
    method: 'POST',
    ...room('addDirectMessage', 'Post a private message'),
    request: AddDirectMessageBody,
    data: ChatMessage,
    login: true,
  }),
  recallDirectMessage: endpoint({
    method: 'POST',
    ...room('recallDirectMessageWeb', 'Recall an own private message'),
    request: RecallDirectBody,
    login: true,
  }),
  directRead: endpoint({
    method: 'POST',
    ...room('setDirectMessageReadWeb', 'Mark a private chat read up to a message'),
    request: DirectReadBody,
    login: true,
  }),
  card: endpoint({
    method: 'GET',
    ...room('getRoleUserCardFront', 'Player card (spec §3)'),
    request: CardQuery,
    data: playerCard,
    login: true,
  }),
  userCard: endpoint({
    method: 'GET',
    path: 'users/card',
    summary: 'Player card (spec §3), the second path',
    request: CardQuery,
    data: playerCard,
    login: true,
  }),
  remark: endpoint({
    method: 'GET',
    ...room('getMemberRemark', "A manager's note on a player"),
    request: RemarkQuery,
    data: z.object({ remark: z.string(), targetUserId: int }),
    login: true,
  }),
  setRemark: endpoint({
    method: 'POST',
    ...room('setMemberRemark', "Set a manager's note on a player"),
    request: RemarkBody,
    login: true,
  }),
  isDown: endpoint({
    method: 'GET',
    ...room('isDownFront', "Whether a player is the viewer's direct downline"),
    request: IsDownQuery,
    data: z.boolean(),
    login: true,
  }),
  pushPlanHistory: endpoint({
    method: 'GET',
    ...room('getPushPlayListFront', "A push plan's past predictions and hits"),
    request: PushPlanQuery,
    data: page(pushPlanRecord),
    login: true,
  }),
  savedImages: endpoint({
    method: 'GET',
    ...room('getSavedImageList', "The player's saved images"),
    request: SavedImageListQuery,
    data: page(savedImage),
    login: true,
  }),
  addSavedImage: endpoint({
    method: 'POST',
    ...room('addSavedImage2', 'Save an uploaded chat image'),
    request: AddSavedImageBody,
    data: savedImage,
    login: true,
  }),
  deleteSavedImages: endpoint({
    method: 'POST',
    ...room('deleteSavedImage', 'Delete saved images by id'),
    request: DeleteSavedImageBody,
    login: true,
  }),
};
