import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue } from '@lottery/rules/schedule';
import { describe, expect, it } from 'vitest';
import { bettingBlocked, closedMessage, countdown, hms, resultPollMs } from './countdown';

const k3 = lotteryByCode('1401')!;
const fc3d = lotteryByCode('1501')!;
// 2026-03-10 12:00:30 Beijing.
const NOON = Date.UTC(2026, 2, 10, 4, 0, 30);

describe('countdown bar', () => {
  it('formats HH:MM:SS', () => {
    expect(hms(0)).toBe('00:00:00');
    expect(hms(3725)).toBe('01:02:05');
  });

  it('counts down to the close of the issue on sale', () => {
    const state = countdown(k3, NOON, false);
    const issue = currentIssue(k3, NOON);
    expect(state.issue?.issue).toBe(issue.issue);
    expect(state.text).toBe(hms(Math.ceil((issue.closeMs - NOON) / 1000)));
    expect(state.blocked).toBe(false);
  });

  it('shows 预售中 far from the close and 暂停销售 when stopped', () => {
    expect(countdown(fc3d, NOON, false).text).toBe('预售中');
    expect(countdown(fc3d, NOON, false).blocked).toBe(false);
    expect(countdown(k3, NOON, true)).toMatchObject({ text: '暂停销售', blocked: true });
    expect(countdown(undefined, NOON, false)).toMatchObject({ text: '期号有误', blocked: true });
  });

  it('blocks betting unless the text starts with a digit, 预 or 等', () => {
    expect(bettingBlocked('00:01:00')).toBe(false);
    expect(bettingBlocked('预售中')).toBe(false);
    expect(bettingBlocked('等待开奖')).toBe(false);
    expect(bettingBlocked('当期封单')).toBe(true);
    expect(bettingBlocked('期号有误')).toBe(true);
  });

  it('announces the rollover as n期已封盘，当前为m期', () => {
    expect(closedMessage('202603100720', '202603100721')).toBe('202603100720期已封盘，当前为202603100721期');
    expect(closedMessage('2025001', '2025002')).toBe('001期已封盘，当前为002期');
  });

  it('polls results faster for faster lotteries', () => {
    expect(resultPollMs(k3)).toBe(5_000);
    expect(resultPollMs(lotteryByCode('1005')!)).toBe(10_000);
    expect(resultPollMs(fc3d)).toBe(30_000);
  });
});
