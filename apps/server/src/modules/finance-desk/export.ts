import {
  DEPOSIT_CSV_COLUMNS,
  type DepositExportRequest,
  type DepositRow,
  WITHDRAW_CSV_COLUMNS,
  type WithdrawExportRequest,
  type WithdrawRow,
} from '@lottery/contract/console/finance';
import { beijingDateTime } from '@lottery/rules/beijing';
import type { z } from 'zod';
import { csvLine } from '../staff/index';
import { type DeskContext, depositBatches, EXPORT_BATCH_ROWS, withdrawBatches } from './service';

/**
 * The deposit and withdrawal searches as CSV: the header, then one line per row, a keyset batch at
 * a time (service.ts), so the stream never holds more than one batch. Each export reads its first
 * batch before answering, so a bad filter is refused before the first byte of a CSV.
 */

const time = (ms: number | null) => (ms === null ? '' : beijingDateTime(ms));

const depositCells = (d: DepositRow) => [
  d.orderNo,
  d.userId,
  d.account,
  d.channel,
  d.typeCode,
  d.amount,
  d.bonus,
  d.status,
  d.depositorName ?? '',
  d.remark ?? '',
  time(d.createdAt),
  time(d.completedAt),
];

const withdrawCells = (w: WithdrawRow) => [
  w.orderNo,
  w.userId,
  w.account,
  w.amount,
  w.fee,
  w.status,
  w.payout.kind,
  w.payout.bankName ?? '',
  w.payout.accountNo,
  w.payout.realName ?? '',
  w.needsSecondApproval ? '是' : '否',
  w.firstApproval?.account ?? '',
  w.firstApproval?.reason ?? '',
  time(w.firstApproval?.at ?? null),
  w.remark ?? '',
  time(w.createdAt),
  time(w.reviewedAt),
];

async function csvOf<R>(
  columns: readonly string[],
  batches: AsyncGenerator<R[]>,
  cells: (row: R) => (string | number)[],
): Promise<AsyncIterable<string>> {
  const first = await batches.next();
  async function* lines() {
    // a BOM, so that spreadsheet programs read the Chinese headers and names as UTF-8
    yield `\uFEFF${csvLine(columns)}`;
    for (let step = first; !step.done; step = await batches.next())
      yield step.value.map((row) => csvLine(cells(row))).join('');
  }
  return lines();
}

export function depositCsv(
  ctx: DeskContext,
  filter: z.output<typeof DepositExportRequest>,
  batchSize = EXPORT_BATCH_ROWS,
): Promise<AsyncIterable<string>> {
  return csvOf(DEPOSIT_CSV_COLUMNS, depositBatches(ctx, filter, batchSize), depositCells);
}

export function withdrawCsv(
  ctx: DeskContext,
  filter: z.output<typeof WithdrawExportRequest>,
  batchSize = EXPORT_BATCH_ROWS,
): Promise<AsyncIterable<string>> {
  return csvOf(WITHDRAW_CSV_COLUMNS, withdrawBatches(ctx, filter, batchSize), withdrawCells);
}
