import { z } from 'zod';
import { endpoint } from './endpoint';
import { DrawPaths } from './paths';

/**
 * GET lottery/longDragon?type=1 (spec/betting.md §3 long-dragon item, §4, §7; docs/long-dragon.md):
 * the current streaks of every lottery on sale, longest first, each with the issue on sale and the
 * two buttons a player bets with. A button's line is an ordinary addBetting line: playDetailCode =
 * playCode, bettingNumber = the button's, bettingCount 1, bettingUnit 1, graduationCount 1,
 * bettingAmount = the amount entered, bettingPoint 0, bettingIssue = currIssue.
 */

export const LongDragonPaths = { longDragon: DrawPaths.longDragon } as const;

/** type 1 = the streak list (the only type the spec names); other types answer an empty list. */
export const longDragonQuery = z.object({ type: z.coerce.number().int().default(1) });

export const longDragonButton = z.object({
  /** 大, 小, 单, 双, 龙, 虎, 涨, 跌, 牛, 熊. */
  label: z.string(),
  bettingNumber: z.string(),
  /** Odds per 1 yuan at the player's full rebate (bettingPoint 0), stake included: '1.9', '1.8888'. */
  odds: z.string(),
});
export type LongDragonButton = z.infer<typeof longDragonButton>;

export const longDragonEntry = z.object({
  lotteryType: z.number().int(),
  lotteryCode: z.string(),
  lotteryName: z.string(),
  /** playDetailCode of the two-face play: lottery code + mode, e.g. '1201G11'. */
  playCode: z.string(),
  /** The play: 双面盘, 冠亚和, 两面, 龙虎和, 混合, 牛熊 ... */
  playName: z.string(),
  /** Position or sum: 冠军, 亚军, 冠亚和, 总和, 万位, 和值, 龙虎 ... */
  name: z.string(),
  /** The outcome repeating: 大, 单, 龙 ... */
  desc: z.string(),
  /** Issues in a row. */
  times: z.number().int().min(1),
  /** The newest drawn issue of the run. */
  lastIssue: z.string(),
  /** The issue on sale, which the buttons bet on. */
  currIssue: z.string(),
  /** When sales of currIssue close, Beijing 'HH:mm:ss'. */
  endTime: z.string(),
  /** Epoch ms of that close (the countdown's target). */
  closeTime: z.number().int(),
  /** Seconds left until that close at the time of the answer (0: 开奖中, buttons disabled). */
  nextOpenTime: z.number().int().min(0),
  options: z.array(longDragonButton).length(2),
});
export type LongDragonEntry = z.infer<typeof longDragonEntry>;

export const LongDragonApi = {
  longDragon: endpoint({
    method: 'GET',
    path: LongDragonPaths.longDragon,
    summary: 'Current long-dragon streaks over every lottery on sale, longest first, with odds',
    request: longDragonQuery,
    data: z.array(longDragonEntry),
    login: true,
  }),
} as const;
