import { z } from 'zod';

/**
 * The chat socket's frames, server -> client (spec/platform.md §4; docs/chat.md). Their own module,
 * re-exported by chat.ts: the web's sockets (the app-wide account socket of a signed-in player, a
 * room's socket) parse frames with these schemas alone and do not build chat.ts' ~70 request and
 * share-card schemas (about 150 ms of main thread on a phone, issue 10).
 */

// ---- socket frames, server -> client ---------------------------------------------------------------
//
// Every frame the server sends is one of these schemas; the web parses each incoming frame with
// `parseServerFrame` before it touches state, so an unknown or malformed frame is dropped, never cast.

const int = z.number().int();
const roomIdField = int.nonnegative();
const messageScope = z.enum(['room', 'direct']);

export const ChatMessage = z.object({
  id: int,
  userId: z.string(),
  userName: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  grade: int,
  gradeName: z.string(),
  gradeShow: z.string(),
  gradeShowColorId: int,
  nicknameColorId: int,
  messageColorId: int,
  roomCode: z.string(),
  roomId: roomIdField,
  messageTypeId: int,
  message: z.string(),
  status: int,
  userIds: z.string(),
  type: messageScope,
  guestCode: z.string(),
  gmtCreated: z.number(),
  withdraw: z.boolean(),
  /** Type 3 only: the reader's view of the envelope. */
  redEnvelope: z
    .object({ recordId: int, isRead: z.boolean(), state: int, wishingRemark: z.string() })
    .optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const OnlineMember = z.object({
  userId: z.string(),
  userName: z.string(),
  roleUserName: z.string(),
  avatar: z.string(),
  /** Who may be offered 私聊 (grade 100); absent on members announced before it was sent. */
  grade: int.optional(),
  isManager: z.boolean(),
});
export type OnlineMember = z.infer<typeof OnlineMember>;

/** Code 3: a room state change, told apart by `type` (spec §4). */
const RoomChangeFrame = z.discriminatedUnion('type', [
  /** 1 muted, 2 unmuted (the whole room). */
  z.object({
    code: z.literal(3),
    type: z.union([z.literal(1), z.literal(2)]),
    data: z.object({ roomId: roomIdField }),
  }),
  /** A member banned. */
  z.object({
    code: z.literal(3),
    type: z.literal(3),
    msg: z.string(),
    data: z.object({ roomId: roomIdField, userId: z.string(), durationTypeId: int }),
  }),
  /** A member's ban lifted. */
  z.object({
    code: z.literal(3),
    type: z.literal(4),
    data: z.object({ roomId: roomIdField, userId: z.string() }),
  }),
  /** A message withdrawn. */
  z.object({
    code: z.literal(3),
    type: z.literal(5),
    data: z.object({ roomId: roomIdField, id: int, type: messageScope }),
  }),
  /** The online list shown or hidden. */
  z.object({
    code: z.literal(3),
    type: z.literal(6),
    data: z.object({ roomId: roomIdField, isShowList: z.boolean() }),
  }),
  /** The reader was mentioned. */
  z.object({
    code: z.literal(3),
    type: z.literal(7),
    data: z.object({ roomId: roomIdField, id: int, type: messageScope, fromUserId: z.string() }),
  }),
]);

/**
 * Socket events, server -> client. `code` is the spec's event code (§4); 1 carries a message.
 * Client -> server: see `ClientFrame` below.
 */
export const ServerFrame = z.discriminatedUnion('code', [
  z.object({ code: z.literal(1), data: ChatMessage }),
  z.object({
    code: z.literal(2),
    success: z.boolean(),
    msg: z.string(),
    data: z.object({ roomId: roomIdField, roomCode: z.string(), onlineCount: int.nonnegative() }).optional(),
  }),
  RoomChangeFrame,
  z.object({ code: z.literal(6), data: z.enum(['ping', 'pong']) }),
  z.object({ code: z.literal(11), data: OnlineMember.extend({ roomId: roomIdField }) }),
  z.object({ code: z.literal(12), data: z.object({ userId: z.string(), roomId: roomIdField }) }),
  /** The room was deleted. */
  z.object({ code: z.literal(13), msg: z.string(), data: z.object({ roomId: roomIdField }) }),
  /** Forced logout. */
  z.object({ code: z.literal(14), msg: z.string() }),
  /** The reader's permission changed. */
  z.object({ code: z.literal(15), msg: z.string(), data: z.object({ roomId: roomIdField }) }),
  /** The grades allowed to speak changed. */
  z.object({
    code: z.literal(16),
    msg: z.string(),
    data: z.object({ roomId: roomIdField, grades: z.array(int) }),
  }),
  /**
   * Resync: the server's link to the other processes was interrupted, so this socket may have
   * missed events. Fetch messages newer than the last one shown (`afterId`) and reload the room
   * state. `roomId` 0 on an account-mode socket (private chats). Ours; the spec has no such event.
   */
  z.object({ code: z.literal(17), data: z.object({ roomId: roomIdField }) }),
  /**
   * New personal message (站内信), account-mode sockets (type 7) only, to the recipient's sockets
   * only: the web shows 您有一条新的消息 and reloads its message queries. `messageCount` is the
   * player's unread message count once the new ones are in (the `users/unReadMessage` figure).
   * Ours; the spec names the popup but not the frame. docs/content.md.
   */
  z.object({ code: z.literal(18), data: z.object({ messageCount: int.nonnegative() }) }),
]);
export type SocketEvent = z.infer<typeof ServerFrame>;

/** Why a server frame was refused: `json` (not JSON) or `schema` (JSON of no known frame). */
export type ServerFrameResult =
  | { ok: true; frame: SocketEvent }
  | { ok: false; reason: 'json' | 'schema'; detail: string };

/** Parses one text frame from the server; refuses anything that is not a known, well-formed frame. */
export function parseServerFrame(text: string): ServerFrameResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'json', detail: text.slice(0, 40) };
  }
  const parsed = ServerFrame.safeParse(raw);
  if (parsed.success) return { ok: true, frame: parsed.data };
  return {
    ok: false,
    reason: 'schema',
    detail: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
  };
}
