import { z } from 'zod';
import { bigserialIdList } from './ids';
import { refuseNul } from './text';

/**
 * Chat rooms, messages, moderation, private chat, saved images and the chat socket
 * (spec/platform.md §2-§9; docs/chat.md has every call with examples).
 */

export const CHAT_PAGE_SIZE = 20;
export const CHAT_FIRST_PAGE_SIZE = 5;
export const ROOM_LIST_PAGE_SIZE = 11;
export const BAN_LIST_PAGE_SIZE = 10;
export const SAVED_IMAGE_PAGE_SIZE = 40;
export const PUSH_PLAN_PAGE_SIZE = 10;
export const REMARK_MAX = 200;
export const CHAT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const CHAT_IMAGE_MAX_SIDE = 1000;

/** Message types (spec §3). 20 (time divider) exists only in the web. */
export const MessageType = {
  text: 1,
  image: 2,
  redEnvelope: 3,
  sharedBet: 7,
  sharedResult: 9,
  pushPlan: 10,
} as const;
/** What members may post with addMessage / addDirectMessage. */
export const POSTABLE_TYPES = [1, 2, 7, 9] as const;

/** Ban duration ids (spec §4, first reading): 6 lifts the ban. Milliseconds; null = permanent. */
export const BAN_DURATIONS: Record<1 | 2 | 3 | 4 | 5, { label: string; ms: number | null; msg: string }> = {
  1: { label: '永久', ms: null, msg: '您已被永久禁言' },
  2: { label: '一天', ms: 24 * 3600_000, msg: '您已被禁言1天' },
  3: { label: '一周', ms: 7 * 24 * 3600_000, msg: '您已被禁言1周' },
  4: { label: '一小时', ms: 3600_000, msg: '您已被禁言1小時' },
  5: { label: '半小时', ms: 1800_000, msg: '您已被禁言半小時' },
};
export const BAN_LIFT = 6;

/** Texts (spec §5, §8) and ours where the spec gives none. */
export const ChatMessages = {
  empty: '内容不能为空',
  tooLong: (n: number) => `消息内容不能超过${n}个字`,
  roomPasswordRule: '密码为 4 位数字',
  roomPasswordWrong: '房间密码错误',
  roomPasswordRequired: '请输入房间密码',
  roomNotFound: '房间不存在',
  roomDeleted: '房间已被删除',
  permissionChanged: '账号权限已变更，请重新进入房间',
  roomMuted: '全体禁言中',
  gradeMuted: '您的等级已禁言',
  mutedNoMedia: '禁言状态不允许发送图片、表情、红包、分享注单',
  guestNoEnvelope: '访客不能抢红包，请先注册登录',
  guestNoFollow: '访客不能跟投，请先注册登录',
  guestNotAllowed: '访客不能进行此操作，请先注册登录',
  managerOnly: '仅管理员可操作',
  cannotBanGrade100: '不能禁言管理账号',
  cannotWithdrawGrade100: '不能撤回管理账号的消息',
  notYourMessage: '只能撤回自己的消息',
  messageNotFound: '消息不存在',
  tooFast: '发言过于频繁，请稍后再试',
  directNotAllowed: '无法与该用户私聊',
  remarkTooLong: '备注不能超过200字',
  imageType: '仅支持 jpg、jpeg、png、gif、bmp 格式的图片',
  imageTooLarge: '图片不能超过2M',
  imageUnknown: '图片不存在',
  saved: '收藏成功',
  deleted: '删除成功',
  changed: '修改成功',
  userNotFound: '用户不存在',
  accountMismatch: '帐号信息有误，请重新登入',
  connectFailed: '连接失败，请稍后再试',
  keyInvalid: '连接凭证无效或已过期',
  shareInvalid: '分享内容格式不正确',
  passwordGuesses: '房间密码错误次数过多，请10分钟后再试',
  envelopeNoWithdraw: '红包消息不能撤回',
} as const;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const roomCode = z.string().trim().min(1).max(64);
const pageNum = z.coerce.number().int().min(1).max(100_000).default(1);
const guestCode = z
  .string()
  .regex(/^guest[A-Za-z0-9]{4,40}$/, 'guestCode 格式不正确')
  .optional();

export const RoomListQuery = z.object({
  pageNum,
  pageSize: z.coerce.number().int().min(1).max(50).default(ROOM_LIST_PAGE_SIZE),
});
export const RoomQuery = z.object({ roomCode, guestCode });
export const CheckPasswordBody = z.object({
  roomCode,
  password: z.string().regex(/^\d{4}$/, ChatMessages.roomPasswordRule),
  guestCode,
});
export const MessageListQuery = z.object({
  roomCode: roomCode.optional(),
  roomId: id.optional(),
  /** Cursor: messages with a smaller id; absent = newest (first load 5 unless pageSize given). */
  id: id.optional(),
  /**
   * Catch-up after event 17: messages with a larger id, oldest first, pages of 20 (or pageSize);
   * `hasMore` says to ask again from the last one. Not with `id`.
   */
  afterId: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  pageSize: z.coerce.number().int().min(1).max(50).optional(),
  guestCode,
});
export const AddMessageBody = z.object({
  roomCode,
  messageTypeId: z.coerce.number().pipe(z.union(POSTABLE_TYPES.map((t) => z.literal(t)))),
  message: z.string().max(20_000),
  status: z.coerce.number().int().min(0).max(1).default(0),
  userIds: z.string().max(2000).default(''),
  guestCode,
});
export const AddDirectMessageBody = z.object({
  roomId: id,
  messageTypeId: z.coerce.number().pipe(z.union(POSTABLE_TYPES.map((t) => z.literal(t)))),
  message: z.string().max(20_000),
});
export const WithdrawBody = z.object({ roomCode, id });
export const RecallDirectBody = z.object({ id });
export const DirectReadBody = z.object({ roomId: id, id });
export const DirectRoomQuery = z.object({ roomId: id.optional(), targetUserId: id.optional() });
export const DirectRoomLiteQuery = z.object({ id });
export const DirectRoomListQuery = z.object({
  pageNum,
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

export const durationTypeId = z.coerce.number().int().min(1).max(6);
export const AddBanBody = z.object({
  roomCode,
  target: z.string().trim().min(1).max(40),
  durationTypeId,
  nickName: z.string().max(60).optional(),
});
export const GetBanQuery = z.object({ roomCode, target: z.string().trim().min(1).max(40) });
export const UpdateBanBody = z.object({ roomCode, id, durationTypeId });
export const DeleteBanBody = z.object({
  roomCode,
  ids: bigserialIdList('ids 格式不正确'),
});
export const BanListQuery = z.object({
  roomCode,
  pageNum,
  pageSize: z.coerce.number().int().min(1).max(50).default(BAN_LIST_PAGE_SIZE),
  target: z.string().trim().max(40).optional(),
});
export const RoomBannedBody = z.object({
  roomCode,
  isMessageBanned: z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
});
export const RoleQuery = z.object({ roomCode, userName: z.string().max(40).optional() });
export const OnlineListQuery = z.object({
  roomCode,
  userName: z.string().trim().max(40).optional(),
  pageNum,
  pageSize: z.coerce.number().int().min(1).max(500).default(200),
});
export const OnlineCountQuery = z.object({ roomCode });
export const CardQuery = z.object({ userId: id, roomCode: roomCode.optional() });
export const IsDownQuery = z.object({ userId: id, roomCode });
export const RemarkQuery = z.object({ targetUserId: id });
export const RemarkBody = z.object({
  targetUserId: id,
  remark: z.string().max(REMARK_MAX, ChatMessages.remarkTooLong),
});
export const SavedImageListQuery = z.object({
  pageNum,
  pageSize: z.coerce.number().int().min(1).max(100).default(SAVED_IMAGE_PAGE_SIZE),
});
export const AddSavedImageBody = z.object({
  imgPath: z.string().min(1).max(300),
  status: z.string().optional(),
});
export const DeleteSavedImageBody = z.object({
  ids: bigserialIdList('ids 格式不正确'),
});
export const PushPlanQuery = z.object({
  playId: id,
  pageNum,
  pageSize: z.coerce.number().int().min(1).max(50).default(PUSH_PLAN_PAGE_SIZE),
});

/** Socket query (GET /v1/broadCast/chat). type 1 room mode, 7 account mode. */
export const SocketQuery = z
  .object({
    type: z.coerce.number().pipe(z.union([z.literal(1), z.literal(7)])),
    key: z.string().max(100).optional(),
    roomId: z.string().max(64).optional(),
    /** hex(sha256(4 digits)) for password rooms. */
    password: z.string().max(128).optional(),
    guestCode,
  })
  .superRefine(refuseNul); // not a call: the socket's query gets the calls' text rule itself

// ---- socket frames, server -> client: chat-frames.ts (the web's sockets load only those) -------

export {
  ChatMessage,
  OnlineMember,
  parseServerFrame,
  ServerFrame,
  type ServerFrameResult,
  type SocketEvent,
} from './chat-frames';

/** Longest client frame the server reads; anything longer closes the socket. */
export const CLIENT_FRAME_MAX_CHARS = 4096;

/**
 * Socket frames, client -> server. Every frame is parsed with this schema before use; anything
 * else (not JSON, a scalar, an array, an unknown code, wrong types) closes that socket with 4000.
 */
export const ClientFrame = z.discriminatedUnion('code', [
  z.strictObject({ code: z.literal(0), key: z.string().min(1).max(200) }),
  z.strictObject({ code: z.literal(6), data: z.enum(['ping', 'pong']) }),
]);
export type ClientFrame = z.infer<typeof ClientFrame>;

/** Parses one text frame; null when it is not a valid client frame. */
export function parseClientFrame(text: string): ClientFrame | null {
  if (text.length > CLIENT_FRAME_MAX_CHARS) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = ClientFrame.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

// ---- shared-bet (7) and shared-result (9) cards ------------------------------------------------
//
// A card is JSON text posted by a member and shown to everyone in the room, so it is parsed here
// and stored only as these fields, normalised: numbers as JSON numbers, text as plain text. Text
// may not carry markup (`<img onerror>`), script schemes (`javascript:`) or links: a card has no
// URL field, and the web builds any link from the lottery code itself.

const MARKUP = /<\s*[a-z!/?]|[<>]/i;
const SCHEME = /(?:javascript|vbscript|data|file)\s*:|[a-z][a-z0-9+.-]*:\/\/|^\s*\/\/|\bwww\./i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u2028\u2029\u202a-\u202e]/g;

/** Plain text of at most `max` characters: control characters removed, no markup, no links. */
const cardText = (max: number) =>
  z
    .union([z.string(), z.number().finite()])
    .transform((v) => String(v).replace(CONTROL, '').trim())
    .refine((v) => [...v].length <= max && !MARKUP.test(v) && !SCHEME.test(v));
/** A code (lottery, play, issue): letters, digits, `-` and `_` only. */
const cardCode = (max: number) =>
  z
    .union([z.string(), z.number().int().nonnegative()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(new RegExp(`^[A-Za-z0-9_-]{1,${max}}$`)));
/** An integer sent as a number or a digit string; stored as a number. */
const cardInt = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,12}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));
/** Yuan with at most 4 decimals, |amount| < 10^9; stored as a JSON number printed from the decimal. */
const cardAmount = z.union([z.number().finite(), z.string().trim()]).transform((v, ctx) => {
  const text = typeof v === 'number' ? String(v) : v;
  const m = /^(-?)(\d{1,9})(?:\.(\d{1,4}))?$/.exec(text);
  if (!m) {
    ctx.addIssue({ code: 'custom', message: ChatMessages.shareInvalid });
    return z.NEVER;
  }
  const frac = (m[3] ?? '').replace(/0+$/, '');
  return Number(`${m[1]}${m[2]}${frac ? `.${frac}` : ''}`);
});

/** One line of a shared bet slip (spec/betting.md: share data, bet line). */
export const SharedBetLine = z.object({
  lotteryCode: cardCode(20),
  lotteryName: cardText(40),
  lotteryType: z.union([cardInt(0, 1000), cardCode(20)]).optional(),
  country: cardText(20).optional(),
  bettingIssue: cardCode(30),
  bettingAmount: cardAmount,
  betDetail: cardText(200).optional(),
  betDetailTitle: cardText(60).optional(),
  betDetailContent: cardText(500).optional(),
  playDetailCode: cardCode(30).optional(),
  bettingNumber: cardText(2000).optional(),
  bettingCount: cardInt(1, 1_000_000).optional(),
  bettingUnit: z
    .union([z.literal(1), z.literal(0.1), z.literal(0.01)])
    .or(z.enum(['1', '0.1', '0.01']).transform(Number))
    .optional(),
  graduationCount: cardInt(1, 100_000).optional(),
  /** A rebate (`6.5`), or for keno the award joined with it (`1950-6.5`). */
  bettingPoint: z.union([cardAmount, cardText(30)]).optional(),
});
/** Type 7: `{type, username, data: [line…]}`. */
export const SharedBetCard = z.object({
  type: cardInt(0, 100).default(1),
  username: cardText(40).optional(),
  data: z.array(SharedBetLine).min(1).max(100),
});
/** Type 9: `{type, username, data: [{betAmount, returnAmount, profit, dateName}]}`. */
export const SharedResultCard = z.object({
  type: cardInt(0, 100).default(2),
  username: cardText(40).optional(),
  data: z
    .array(
      z.object({
        betAmount: cardAmount,
        returnAmount: cardAmount,
        profit: cardAmount,
        dateName: cardText(30),
      }),
    )
    .min(1)
    .max(10),
});
export type SharedBetCard = z.infer<typeof SharedBetCard>;
export type SharedResultCard = z.infer<typeof SharedResultCard>;

/** Longest card text read; larger bodies are refused before parsing. */
export const CARD_MAX_CHARS = 16_000;

/** The stored form of a type 7 or 9 card, or null when the text is not a valid card. */
export function normaliseShareCard(messageTypeId: 7 | 9, text: string): string | null {
  if (text.length > CARD_MAX_CHARS) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const schema = messageTypeId === 7 ? SharedBetCard : SharedResultCard;
  const parsed = schema.safeParse(raw);
  return parsed.success ? JSON.stringify(parsed.data) : null;
}

export type RoomListReq = z.infer<typeof RoomListQuery>;
export type AddMessageReq = z.infer<typeof AddMessageBody>;
export type AddBanReq = z.infer<typeof AddBanBody>;
