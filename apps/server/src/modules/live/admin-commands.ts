import { lotteryByCode } from '@lottery/rules/lotteries';
import { issueTimes } from '@lottery/rules/schedule';
import { systemClock } from '../../clock';
import { publishToServers } from '../../operator/bus';
import { type AdminCommand, UsageError } from '../../operator/command';
import { settleIssue } from '../betting/index';
import { enterOfficialResult } from '../draw/index';
import { publishChange } from '../site/index';
import { liveDrawnMessage } from './index';

/**
 * The operator's entry of an official result (FC3D 1501, PL3 1601, PL5 1602, index stocks
 * 1911-1918): store it, tell every server process (their cached reads through the change feed,
 * their live watchers through the chat bus when REDIS_URL is set), then settle the issue.
 */

const officialResult: AdminCommand = {
  summary: 'enter an official result (digits, or the index close for a stock code), push it live, settle',
  usage: 'official-result <lotteryCode> <issue> <d,d,d | indexValue>',
  async run(args, { config, database, clock = systemClock }) {
    const [code, issue, value] = args;
    const lottery = code ? lotteryByCode(code) : undefined;
    if (!lottery) throw new UsageError(`no lottery ${code ?? ''}`.trim());
    const times = issue ? issueTimes(lottery, issue) : undefined;
    if (!times) throw new UsageError(`${lottery.name} has no issue ${issue ?? ''}`.trim());
    if (!value) throw new UsageError('give the result: d,d,d or the index value');
    const input = lottery.family === 'STOCK' ? { indexValue: value } : { numbers: value.split(',') };
    let stored: boolean;
    try {
      stored = await enterOfficialResult(database.db, lottery, times, input, clock.now());
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    const lines = [
      `${lottery.name} ${times.issue}: ${stored ? 'result stored' : 'already had a result (kept)'}`,
    ];
    if (stored) {
      // enterOfficialResult told the apps on this handle; the other processes hear it here.
      await publishChange(config, { kind: 'draw', lotteryCode: lottery.code, issue: times.issue });
      lines.push(await pushLive(config, database.db, clock.now(), lottery.code, times.issue));
    }
    const report = await settleIssue(database.db, lottery.code, times.issue, clock.now());
    lines.push(`settlement: ${report.outcome}, ${report.bets} bets, ${report.winningBets} winning`);
    return lines.join('\n');
  },
};

/** The live watchers of every server process hear the draw through the servers' bus. */
async function pushLive(
  config: { REDIS_URL?: string; TENANT_CODE: string },
  db: Parameters<typeof liveDrawnMessage>[0],
  nowMs: number,
  lotteryCode: string,
  issue: string,
): Promise<string> {
  if (!config.REDIS_URL) return 'live: no REDIS_URL, watchers see it on their next connect';
  const message = await liveDrawnMessage(db, nowMs, lotteryCode, issue);
  if (!message) return 'live: draw not found';
  const sent = await publishToServers(config, message);
  return sent === 'sent'
    ? 'live: pushed to the watchers'
    : 'live: Redis unreachable, watchers see it on their next connect';
}

export const DRAW_COMMANDS: Record<string, AdminCommand> = { 'official-result': officialResult };
