import { describe, expect, it } from 'vitest';
import {
  blockedLabel,
  clampFollow,
  followableLines,
  followWireLines,
  isFollowTimeout,
  SHARE_ROOM_LIMIT,
  type ShareLine,
  type ShareTarget,
  shareCard,
  slipTotalMinor,
  togglePick,
} from './share';

const room = (n: number, blocked?: ShareTarget['blocked']): ShareTarget => ({
  key: `room:r${n}`,
  kind: 'room',
  roomCode: `r${n}`,
  roomId: n,
  title: `房间${n}`,
  subTitle: '',
  avatar: '',
  blocked,
});

// An SSC 定位胆 line: 3 notes at 2 yuan, unit 元, multiplier 5 = 30 yuan.
const sscLine: ShareLine = {
  lotteryCode: '1001',
  lotteryName: '重庆时时彩',
  bettingIssue: '20260115-001',
  bettingAmount: 30,
  playDetailCode: '1001A11',
  bettingNumber: '1,2,3||||',
  bettingCount: 3,
  bettingUnit: 1,
  graduationCount: 5,
};

describe('share picker rules', () => {
  it('labels banned rooms 已禁言 and muted rooms 全体禁言', () => {
    expect(blockedLabel({ banned: true, isMessageBanned: true })).toBe('已禁言');
    expect(blockedLabel({ banned: false, isMessageBanned: true })).toBe('全体禁言');
    expect(blockedLabel({ banned: false, isMessageBanned: false })).toBeUndefined();
  });

  it('never checks a blocked row, and stops at 30 rows in all', () => {
    expect(togglePick([], room(1, '全体禁言'))).toEqual({ ok: false, reason: 'blocked' });
    let picked: string[] = [];
    for (let n = 1; n <= SHARE_ROOM_LIMIT; n++) {
      const r = togglePick(picked, room(n));
      if (!r.ok) throw new Error('refused early');
      picked = r.picked;
    }
    expect(picked).toHaveLength(30);
    expect(togglePick(picked, room(31))).toEqual({ ok: false, reason: 'limit' });
    // unchecking always works, and frees a place
    const less = togglePick(picked, room(7));
    expect(less.ok && less.picked).toHaveLength(29);
    expect(less.ok && togglePick(less.picked, room(31)).ok).toBe(true);
  });

  it('builds the type-7 card with the sharer and the lines', () => {
    expect(shareCard('小王', [sscLine])).toEqual({ type: 1, username: '小王', data: [sscLine] });
    expect(slipTotalMinor([sscLine, { ...sscLine, bettingAmount: 0.02 }])).toBe(300_200n);
  });
});

describe('following a slip', () => {
  it('recomputes each line at the new multiplier on the current issue', () => {
    const lines = followableLines([sscLine]);
    expect(lines?.[0]?.baseMinor).toBe(20_000n);
    const { lines: wire, totalMinor } = followWireLines(
      lines!,
      { mode: 'multiplier', multiplier: 2 },
      '20260115-009',
    );
    expect(wire).toEqual([
      {
        lotteryCode: '1001',
        playDetailCode: '1001A11',
        bettingNumber: '1,2,3||||',
        bettingCount: 3,
        bettingAmount: '12.00',
        bettingPoint: '0',
        bettingUnit: '1',
        bettingIssue: '20260115-009',
        graduationCount: 2,
      },
    ]);
    expect(totalMinor).toBe(120_000n);
  });

  it('keeps the slip unit: a 分 line stays in 分', () => {
    const fen = { ...sscLine, bettingUnit: 0.01 as const, bettingAmount: 0.3 };
    const { lines: wire } = followWireLines(
      followableLines([fen])!,
      { mode: 'multiplier', multiplier: 10 },
      'x',
    );
    expect(wire[0]).toMatchObject({ bettingUnit: '0.01', bettingAmount: '0.60', graduationCount: 10 });
  });

  it('takes a per-bet amount for one-mode plays, at multiplier 1', () => {
    // K3 和值 大: one note of 10 yuan
    const k3 = {
      ...sscLine,
      lotteryCode: '1401',
      playDetailCode: '1401A10',
      bettingNumber: '大',
      bettingCount: 1,
      bettingAmount: 10,
      graduationCount: 1,
    };
    const { lines: wire, totalMinor } = followWireLines(
      followableLines([k3])!,
      { mode: 'perBet', perBetYuan: 25 },
      '20260115-0722',
    );
    expect(wire[0]).toMatchObject({ bettingAmount: '25.00', graduationCount: 1 });
    expect(totalMinor).toBe(250_000n);
  });

  it('refuses lines that do not say what was bet, or whose amount is not a whole base', () => {
    expect(followableLines([{ ...sscLine, bettingNumber: undefined }])).toBeNull();
    expect(followableLines([{ ...sscLine, playDetailCode: undefined }])).toBeNull();
    expect(followableLines([{ ...sscLine, bettingAmount: 31 }])).toBeNull();
  });

  it('clamps the stepper to 1..10000 (multiplier) and 1..1,000,000 (per bet)', () => {
    expect(clampFollow(0, 'multiplier')).toBe(1);
    expect(clampFollow(Number.NaN, 'perBet')).toBe(1);
    expect(clampFollow(10_001, 'multiplier')).toBe(10_000);
    expect(clampFollow(2_000_000, 'perBet')).toBe(1_000_000);
    expect(clampFollow(12.7, 'multiplier')).toBe(12);
  });

  it('reads a closed issue or a moved rebate as 投注超时', () => {
    expect(isFollowTimeout('投注期号错误：20260115-001期已封盘，当前为20260115-002期')).toBe(true);
    expect(isFollowTimeout('返点不正确')).toBe(true);
    expect(isFollowTimeout('余额不足')).toBe(false);
  });
});
