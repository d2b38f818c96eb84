/**
 * Operator entry of an official result (FC3D 1501, PL3 1601, PL5 1602, index stocks 1911-1918),
 * then settlement of the issue. Uses DATABASE_URL / DATA_DIR like the server.
 *
 *   npx tsx apps/server/src/jobs/official-result.ts 1501 2026069 3,5,9
 *   npx tsx apps/server/src/jobs/official-result.ts 1911 20261120 3245.67
 */
import { lotteryByCode } from '@lottery/rules/lotteries';
import { issueTimes } from '@lottery/rules/schedule';
import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { createDb } from '../db/client';
import { migrate } from '../db/migrate';
import { settleIssue } from '../modules/betting/index';
import { enterOfficialResult } from '../modules/draw/index';

const [code, issue, value] = process.argv.slice(2);
const lottery = code ? lotteryByCode(code) : undefined;
const times = lottery && issue ? issueTimes(lottery, issue) : undefined;
if (!lottery || !times || !value) {
  console.error('usage: official-result.ts <lotteryCode> <issue> <d,d,d | indexValue>');
  process.exit(2);
}
const config = loadConfig();
const database = await createDb({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
try {
  await migrate(database);
  const input = lottery.family === 'STOCK' ? { indexValue: value } : { numbers: value.split(',') };
  const stored = await enterOfficialResult(database.db, lottery, times, input, systemClock.now());
  console.log(
    stored
      ? `${lottery.name} ${issue}: result stored`
      : `${lottery.name} ${issue}: already had a result (kept)`,
  );
  const report = await settleIssue(database.db, lottery.code, issue, systemClock.now());
  console.log(`settlement: ${report.outcome}, ${report.bets} bets, ${report.winningBets} winning`);
} finally {
  await database.close();
}
