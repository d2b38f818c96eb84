import { drawResult, houseStockIndex, stockDigitsFromIndex } from '@lottery/rules/fair';
import type { LotteryDef } from '@lottery/rules/lotteries';
import type { IssueTimes } from '@lottery/rules/schedule';
import type { Db } from '../../db/client';
import { announceLocal } from '../site/index';
import { chainPosition, chainSecret, ensureChain } from './chain';
import { advanceCursor, insertDraw } from './repo';

/**
 * Draws one issue from its day's chain (house lotteries; official-result ones too when a site
 * without an official feed asks the scheduler to) and stores the result with the revealed
 * secret, moving the scheduler's cursor in the same transaction. Drawing an issue twice changes
 * nothing: the result is a function of the committed chain, and the first row stands.
 */
export async function drawChainIssue(
  db: Db,
  lottery: LotteryDef,
  times: IssueTimes,
  nowMs: number,
): Promise<boolean> {
  const inserted = await db.transaction(async (tx) => {
    const chain = await ensureChain(tx, lottery, times, nowMs);
    const { k } = chainPosition(lottery, times);
    const secret = chainSecret(chain, k);
    const indexValue = lottery.family === 'STOCK' ? houseStockIndex(lottery.code, times.issue, secret) : null;
    const inserted = await insertDraw(tx, {
      lotteryCode: lottery.code,
      issue: times.issue,
      businessDate: times.businessDate,
      seq: times.seq,
      drawMs: times.drawMs,
      numbers: drawResult(lottery, times.issue, secret),
      indexValue,
      source: 'chain',
      chainId: chain.id,
      secret,
      drawnAt: nowMs,
    });
    await advanceCursor(tx, lottery.code, { lastIssue: times.issue, lastDrawMs: times.drawMs });
    return inserted;
  });
  if (inserted) announceDraw(db, lottery, times);
  return inserted;
}

/** After the commit: cached results of the lottery are dropped here and, via Redis, everywhere. */
function announceDraw(db: Db, lottery: LotteryDef, times: IssueTimes): void {
  announceLocal(db, { kind: 'draw', lotteryCode: lottery.code, issue: times.issue });
}

/** Digits 0-9 for the digit families. */
const DIGIT = /^\d$/;

/**
 * An official result entered by the operator (FC3D, PL3/PL5, index-based STOCK): numbers for the
 * digit families, or the index closing value ('3245.67') for STOCK. Settles like any draw.
 */
export async function enterOfficialResult(
  db: Db,
  lottery: LotteryDef,
  times: IssueTimes,
  input: { numbers?: readonly string[]; indexValue?: string },
  nowMs: number,
): Promise<boolean> {
  if (lottery.houseDrawn) throw new Error(`lottery ${lottery.code} is drawn by its chain`);
  if (times.drawMs > nowMs)
    throw new Error(`issue ${times.issue} draws at ${new Date(times.drawMs).toISOString()}`);
  let numbers: string[];
  let indexValue: string | null = null;
  if (lottery.family === 'STOCK') {
    if (!input.indexValue) throw new Error('a stock result is the index closing value');
    indexValue = input.indexValue;
    numbers = stockDigitsFromIndex(input.indexValue);
  } else {
    numbers = [...(input.numbers ?? [])];
    if (numbers.length !== lottery.resultLength || !numbers.every((n) => DIGIT.test(n))) {
      throw new Error(`${lottery.name} needs ${lottery.resultLength} digits`);
    }
  }
  const inserted = await insertDraw(db, {
    lotteryCode: lottery.code,
    issue: times.issue,
    businessDate: times.businessDate,
    seq: times.seq,
    drawMs: times.drawMs,
    numbers,
    indexValue,
    source: 'official',
    chainId: null,
    secret: null,
    drawnAt: nowMs,
  });
  if (inserted) announceDraw(db, lottery, times);
  return inserted;
}
