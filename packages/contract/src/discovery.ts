import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * Discovery (spec/platform.md §2 /find → /winningInfomation, /yesterdayProfitList, /yesterdayWinner,
 * /playerInfo/{userId}; §7 users/betting/getNewestBounsList, users/userReport/userProfitRank).
 * Account names are always masked (ab***z); money fields are decimal yuan strings. The player card
 * itself is users/card (chat-api.ts). docs/discovery.md.
 */

const int = z.number().int();

/** A player as the lists show them: masked account, nickname, avatar. */
const listedPlayer = {
  userId: int,
  /** Masked account (first two characters, ***, last character). */
  userName: z.string(),
  nickName: z.string(),
  avatar: z.string(),
};

/** One recent win: a settled bet with winnings. */
export const newestWin = z.object({
  ...listedPlayer,
  lotteryCode: z.string(),
  lotteryName: z.string(),
  issue: z.string(),
  /** Winnings of the bet (its 派奖). */
  bonus: z.string(),
  /** Settlement time, epoch ms. */
  time: int,
});
export type NewestWin = z.infer<typeof newestWin>;

/** A row of yesterday's profit list (盈利榜). */
export const profitRankRow = z.object({
  ...listedPlayer,
  rank: int,
  /** Net lottery result of the day from the ledger: winnings + refunds + bet rebate − stakes. */
  profit: z.string(),
});
export type ProfitRankRow = z.infer<typeof profitRankRow>;

/** A row of yesterday's winners (昨日赢家): the day's largest single wins. */
export const winnerRow = z.object({
  ...listedPlayer,
  rank: int,
  lotteryCode: z.string(),
  lotteryName: z.string(),
  issue: z.string(),
  bonus: z.string(),
});
export type WinnerRow = z.infer<typeof winnerRow>;

/** A daily list: the Beijing day it covers (YYYY-MM-DD) and when the daily job computed it. */
const dailyList = <Row extends z.ZodType>(row: Row) =>
  z.object({ day: z.string(), computedAt: int, rows: z.array(row) });

export const NEWEST_WINS_MAX = 20;
export const DAILY_LIST_MAX = 20;

export const DiscoveryApi = {
  newestWins: endpoint({
    method: 'GET',
    path: 'users/betting/getNewestBounsList',
    summary: 'Latest wins of the last 24 hours, newest first (masked accounts)',
    data: z.array(newestWin),
  }),
  profitRank: endpoint({
    method: 'GET',
    path: 'users/userReport/userProfitRank',
    summary: "Yesterday's profit list, computed once a day from the ledger",
    data: dailyList(profitRankRow),
  }),
  yesterdayWinners: endpoint({
    method: 'GET',
    path: 'users/userReport/yesterdayWinner',
    summary: "Yesterday's largest single wins, computed once a day from the bets",
    data: dailyList(winnerRow),
  }),
};
