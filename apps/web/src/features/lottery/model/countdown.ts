import type { LotteryDef } from '@lottery/rules/lotteries';
import { currentIssue, type IssueTimes, isPresale, issueLabel } from '@lottery/rules/schedule';

/**
 * The countdown bar (spec/betting.md §2, §4): HH:MM:SS to the close of the issue on sale, or 预售中,
 * or a stop text (期号有误, 暂停销售, 当期封单, 等待开局, 等待开奖). Betting is blocked when the
 * text starts with anything but a digit, 预 or 等. Computed from the lottery's schedule in
 * packages/rules and the server-corrected clock.
 */
export const STOP_TEXTS = {
  issueWrong: '期号有误',
  stopped: '暂停销售',
  closed: '当期封单',
  waitingStart: '等待开局',
  waitingDraw: '等待开奖',
} as const;

export const PRESALE_TEXT = '预售中';

export function hms(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

export interface CountdownState {
  issue?: IssueTimes;
  text: string;
  /** Betting blocked (spec §4 rule on the bar's first character). */
  blocked: boolean;
}

export function bettingBlocked(text: string): boolean {
  return !/^[0-9预等]/.test(text);
}

export function countdown(lottery: LotteryDef | undefined, nowMs: number, isStop: boolean): CountdownState {
  const state = (text: string, issue?: IssueTimes): CountdownState => ({
    issue,
    text,
    blocked: bettingBlocked(text),
  });
  if (!lottery) return state(STOP_TEXTS.issueWrong);
  if (isStop) return state(STOP_TEXTS.stopped);
  let issue: IssueTimes;
  try {
    issue = currentIssue(lottery, nowMs);
  } catch {
    return state(STOP_TEXTS.issueWrong);
  }
  if (nowMs < issue.startMs) return state(STOP_TEXTS.waitingStart, issue);
  const remaining = Math.ceil((issue.closeMs - nowMs) / 1000);
  if (remaining <= 0) return state(STOP_TEXTS.closed, issue);
  if (isPresale(lottery, issue, nowMs)) return state(PRESALE_TEXT, issue);
  return state(hms(remaining), issue);
}

/** The closed dialog: n期已封盘，当前为m期 (issue labels strip a leading 2019-2025 year). */
export function closedMessage(oldIssue: string, newIssue: string): string {
  return `${issueLabel(oldIssue)}期已封盘，当前为${issueLabel(newIssue)}期`;
}

/** Result poll period (spec §4: 5, 10 or 30 s by lottery): 1-minute draws 5 s, daily draws 30 s. */
export function resultPollMs(lottery: LotteryDef): number {
  const { schedule } = lottery;
  if (schedule.kind === 'interval') return schedule.minutes <= 1 ? 5_000 : 10_000;
  return 30_000;
}
