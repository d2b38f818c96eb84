import type { SharedBetCard, SharedResultCard } from '@lottery/contract/chat';
import { formatMoney, MINOR_PER_YUAN, parseMoney } from '@lottery/contract/money';
import {
  amountIgnoresCount,
  type BettingUnit,
  isBettingUnit,
  lineAmountMinor,
  MAX_MULTIPLIER,
  MAX_PER_BET_YUAN,
  unitDivisor,
} from '@lottery/rules/amount';

/**
 * Share and follow, as pure rules (spec/betting.md §3 share data, §5 share limit and follow-bet
 * dialog). No React, no I/O: the picker, the cards and the follow dialog call these.
 */

export type ShareLine = SharedBetCard['data'][number];

/** Spec §5 / §8: at most 30 chat rooms in one share; rooms list in pages of 11. */
export const SHARE_ROOM_LIMIT = 30;
export const SHARE_LIMIT_TEXT = '分享仅限30个聊天房间';
export const SHARE_MUTED_TEXT = '禁言状态不允许发送图片、表情、红包、分享注单';
export const SHARE_DONE_TEXT = '分享成功';
export const FOLLOW_TIMEOUT_TEXT = '投注超时，请重新投注。';
export const GUEST_FOLLOW_TEXT = '访客不能跟投，请先注册登录';

/** One row of the share picker: a chat room or a private chat. */
export interface ShareTarget {
  /** `room:lobby` or `direct:9`: unique across both tabs. */
  key: string;
  kind: 'room' | 'direct';
  roomCode?: string;
  roomId: number;
  title: string;
  subTitle: string;
  avatar: string;
  /** Why the row cannot be checked: 已禁言 (the caller is banned there), 全体禁言 (room muted). */
  blocked?: '已禁言' | '全体禁言';
}

export function blockedLabel(row: { banned?: boolean; isMessageBanned?: boolean }): ShareTarget['blocked'] {
  if (row.banned) return '已禁言';
  if (row.isMessageBanned) return '全体禁言';
  return undefined;
}

export type PickResult = { ok: true; picked: string[] } | { ok: false; reason: 'limit' | 'blocked' };

/** Checking or unchecking one row: blocked rows never, and never more than 30 in total. */
export function togglePick(picked: readonly string[], target: ShareTarget): PickResult {
  if (picked.includes(target.key)) return { ok: true, picked: picked.filter((k) => k !== target.key) };
  if (target.blocked) return { ok: false, reason: 'blocked' };
  if (picked.length >= SHARE_ROOM_LIMIT) return { ok: false, reason: 'limit' };
  return { ok: true, picked: [...picked, target.key] };
}

export type ShareResult = SharedResultCard['data'][number];

/** The type-9 card (分享战绩): `{type: 2, username, data: [result]}`. */
export function resultCard(username: string, result: ShareResult): SharedResultCard {
  return { type: 2, username, data: [result] };
}

/** The type-7 card: `{type: 1, username, data: lines}` (spec §3 share data). */
export function shareCard(username: string, lines: readonly ShareLine[]): SharedBetCard {
  return { type: 1, username, data: [...lines] };
}

/** Total of a slip in minor units (the card's amounts are yuan numbers with at most 4 decimals). */
export function slipTotalMinor(lines: readonly Pick<ShareLine, 'bettingAmount'>[]): bigint {
  return lines.reduce((sum, l) => sum + parseMoney(String(l.bettingAmount)), 0n);
}

export const formatYuan = (minor: bigint) => formatMoney(minor, 2);

/** A shared line that can be placed again: it names its play, its numbers and its note count. */
export interface FollowableLine {
  lotteryCode: string;
  playDetailCode: string;
  bettingNumber: string;
  bettingCount: number;
  bettingUnit: BettingUnit;
  graduationCount: number;
  /** Per-bet base of the slip, minor units (amount ÷ (notes × unit × multiplier)). */
  baseMinor: bigint;
}

/** The lines of a card that can be followed, or null when any line lacks what a bet needs. */
export function followableLines(lines: readonly ShareLine[]): FollowableLine[] | null {
  const out: FollowableLine[] = [];
  for (const l of lines) {
    const unit = String(l.bettingUnit ?? '1');
    if (!l.playDetailCode || !l.bettingNumber || !l.bettingCount || !isBettingUnit(unit)) return null;
    const multiplier = l.graduationCount ?? 1;
    const notes = amountIgnoresCount(l.lotteryCode, l.playDetailCode) ? 1n : BigInt(l.bettingCount);
    const scaled = parseMoney(String(l.bettingAmount)) * unitDivisor(unit);
    const per = notes * BigInt(multiplier);
    if (per <= 0n || scaled % per !== 0n) return null;
    const baseMinor = scaled / per;
    if (baseMinor < MINOR_PER_YUAN || baseMinor % MINOR_PER_YUAN !== 0n) return null;
    out.push({
      lotteryCode: l.lotteryCode,
      playDetailCode: l.playDetailCode,
      bettingNumber: l.bettingNumber,
      bettingCount: l.bettingCount,
      bettingUnit: unit,
      graduationCount: multiplier,
      baseMinor,
    });
  }
  return out.length > 0 ? out : null;
}

/**
 * What the follower chose: standard plays take a multiplier 1..10000 that replaces the slip's;
 * one-mode (credit) plays take a per-bet amount 1..1,000,000 yuan that replaces the slip's base.
 */
export type FollowChoice =
  | { mode: 'multiplier'; multiplier: number }
  | { mode: 'perBet'; perBetYuan: number };

export const followLimit = (mode: FollowChoice['mode']) =>
  mode === 'multiplier' ? MAX_MULTIPLIER : MAX_PER_BET_YUAN;

/** Clamp a stepper value to 1..max (spec §5: minus disabled at 1, plus at the maximum). */
export function clampFollow(value: number, mode: FollowChoice['mode']): number {
  if (!Number.isFinite(value) || value < 1) return 1;
  return Math.min(Math.floor(value), followLimit(mode));
}

/** The wire line of `addBetting` (contract betLine). */
export interface FollowWireLine {
  lotteryCode: string;
  playDetailCode: string;
  bettingNumber: string;
  bettingCount: number;
  bettingAmount: string;
  bettingPoint: string;
  bettingUnit: BettingUnit;
  bettingIssue: string;
  graduationCount: number;
}

/**
 * The follower's bet: the slip's lines on the CURRENT issue, amounts recomputed by the rules
 * (base × notes × unit × multiplier, truncated to cents); bettingPoint is the plain rebate taken
 * ("0": the follower's full prize group, spec §3 "when following a shared bet, the plain rebate").
 */
export function followWireLines(
  lines: readonly FollowableLine[],
  choice: FollowChoice,
  issue: string,
  bettingPoint = '0',
): { lines: FollowWireLine[]; totalMinor: bigint } {
  let totalMinor = 0n;
  const wire = lines.map((l) => {
    const multiplier = choice.mode === 'multiplier' ? choice.multiplier : 1;
    const baseMinor = choice.mode === 'perBet' ? BigInt(choice.perBetYuan) * MINOR_PER_YUAN : l.baseMinor;
    const amountMinor = lineAmountMinor({
      lotteryCode: l.lotteryCode,
      playDetailCode: l.playDetailCode,
      count: l.bettingCount,
      multiplier,
      unit: l.bettingUnit,
      baseMinor,
    });
    totalMinor += amountMinor;
    return {
      lotteryCode: l.lotteryCode,
      playDetailCode: l.playDetailCode,
      bettingNumber: l.bettingNumber,
      bettingCount: l.bettingCount,
      bettingAmount: formatMoney(amountMinor, 2),
      bettingPoint,
      bettingUnit: l.bettingUnit,
      bettingIssue: issue,
      graduationCount: multiplier,
    };
  });
  return { lines: wire, totalMinor };
}

/** A follow refused because its issue or rebate moved on: the share flow's single text (§8). */
export function isFollowTimeout(msg: string): boolean {
  return /期号|返点|封盘|封单|截止|停止销售/.test(msg);
}

/** Spec §2 / §6 / §8: the share-edit popup, its refusal, and its limits (the follow limits). */
export const SHARE_EDIT_TITLE = '修改分享注单金额';
export const SHARE_EDIT_RETRY_TEXT = '请重新修改分享注单金额';

/**
 * The share-edit field as typed, cleaned (spec §8): the multiplier resets to 10000 above the
 * maximum and to 1 when invalid; the per-bet amount resets to 1 when invalid or empty and is capped
 * at 1,000,000 (the per-bet cap of §8).
 */
export function cleanShareEdit(text: string, mode: FollowChoice['mode']): number {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return 1;
  const n = Number(trimmed);
  if (n < 1) return 1;
  return Math.min(n, followLimit(mode));
}

/** The value the popup opens with: the slip's multiplier, or its per-bet base in yuan. */
export function shareEditStart(lines: readonly FollowableLine[], mode: FollowChoice['mode']): number {
  const first = lines[0];
  if (!first) return 1;
  const start = mode === 'multiplier' ? first.graduationCount : Number(first.baseMinor / MINOR_PER_YUAN);
  return clampFollow(start, mode);
}

/**
 * The slip as it will be shared after the edit: each line's multiplier (or per-bet base at
 * multiplier 1) replaced and its amount recomputed by the rules, exactly as a follower would place
 * it; everything else (issue, numbers, texts) unchanged. Null when a line cannot be recomputed
 * (the popup then says 请重新修改分享注单金额).
 */
export function editSharedLines(lines: readonly ShareLine[], choice: FollowChoice): ShareLine[] | null {
  const followable = followableLines(lines);
  if (!followable || followable.length !== lines.length) return null;
  const { lines: wire } = followWireLines(followable, choice, lines[0]?.bettingIssue ?? '');
  return lines.map((l, i) => ({
    ...l,
    bettingAmount: Number(wire[i]!.bettingAmount),
    graduationCount: wire[i]!.graduationCount,
  }));
}
