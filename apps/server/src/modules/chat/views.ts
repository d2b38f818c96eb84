import { gradeName } from '@lottery/contract/account';
import { type ChatMessage, MessageType } from '@lottery/contract/chat';
import type { MessageRow } from './repo';

export const GUEST_GRADE = -2;
/** guest_code of messages the server posts itself (push plans). */
export const SYSTEM_SENDER = 'system';

/** First two characters, stars, last character (spec §5); managers see real names. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 3) return `${chars[0] ?? ''}***${chars.length > 1 ? chars[chars.length - 1] : ''}`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
}

export function gradeLabel(grade: number): string {
  if (grade === GUEST_GRADE) return '游客';
  if (grade === -1) return '测试组';
  return gradeName(grade);
}

/** Colour ids the web maps to its palette: by grade band, managers (100) their own. */
export function colorIds(grade: number): {
  gradeShowColorId: number;
  nicknameColorId: number;
  messageColorId: number;
} {
  if (grade === 100) return { gradeShowColorId: 100, nicknameColorId: 100, messageColorId: 100 };
  const band = grade <= 0 ? 0 : Math.min(5, Math.ceil(grade / 2));
  return { gradeShowColorId: band, nicknameColorId: band, messageColorId: 0 };
}

export type RoomRef = { roomId: number; roomCode: string; type: 'room' | 'direct' };

/** Row -> the spec's message fields. `realNames` for managers. */
export function toChatMessage(row: MessageRow, ref: RoomRef, realNames: boolean): ChatMessage {
  const system = row.user_id === null && row.guest_code === SYSTEM_SENDER;
  const grade = system ? 100 : row.user_id === null ? GUEST_GRADE : (row.grade ?? 1);
  const rawName = system ? '计划推送' : row.user_id === null ? (row.guest_code ?? '') : (row.user_name ?? '');
  const userName = realNames || system || ref.type === 'direct' ? rawName : maskName(rawName);
  return {
    id: row.id,
    userId: row.user_id === null ? (row.guest_code ?? '') : String(row.user_id),
    userName,
    // a guest has no nickname: the screens show the (masked) name, never the raw guest code
    nickname: row.user_id === null ? userName : row.nick_name || userName,
    avatar: row.avatar ?? '',
    grade,
    gradeName: gradeLabel(grade),
    gradeShow: gradeLabel(grade),
    ...colorIds(grade),
    roomCode: ref.roomCode,
    roomId: ref.roomId,
    messageTypeId: row.message_type_id,
    message: row.message,
    status: row.status,
    userIds: row.user_ids,
    type: ref.type,
    guestCode: row.guest_code ?? '',
    gmtCreated: Number(row.created_at),
    withdraw: row.withdrawn_at !== null,
  };
}

export const isMediaType = (t: number) =>
  t === MessageType.image ||
  t === MessageType.sharedBet ||
  t === MessageType.sharedResult ||
  t === MessageType.redEnvelope;
