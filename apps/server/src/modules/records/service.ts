import { BET_STATES } from '@lottery/contract/betting';
import { formatMoney } from '@lottery/contract/money';
import {
  type SettledBetsData,
  type SettledBetsQuery,
  type SettlementFigures,
  type SettlementQuery,
  type SettlementSummaryData,
  WATER_TYPE_CODES,
  WATER_TYPES,
  type WaterDetailData,
  type WaterDetailQuery,
  type WaterTypeCode,
} from '@lottery/contract/records';
import { lotteryByCode } from '@lottery/rules/lotteries';
import type { Db } from '../../db/client';
import { reportRange } from './periods';
import { ledgerSumsByLottery, type Owner, settledBets, settledTotalsByLottery, waterEntries } from './repo';

/**
 * 今日已结 and 返水明细 (docs/records.md). Stakes, winnings and counts come from the settled bets,
 * rebates from the player's ledger entries; the client sends only the period and the page.
 */

const SELF_REBATE = 501;

type Money = { n: number; stake: bigint; bonus: bigint; rebate: bigint };

function figures(m: Money): SettlementFigures {
  return {
    betCount: m.n,
    betMoney: formatMoney(m.stake),
    winMoney: formatMoney(m.bonus),
    rebateMoney: formatMoney(m.rebate),
    profit: formatMoney(m.bonus + m.rebate - m.stake),
  };
}

const lotteryName = (code: string | null) => (code ? (lotteryByCode(code)?.name ?? code) : null);

export async function settlementSummary(
  db: Db,
  owner: Owner,
  query: SettlementQuery,
  nowMs: number,
): Promise<SettlementSummaryData> {
  const range = reportRange(query.period, nowMs);
  const [bets, rebates] = await Promise.all([
    settledTotalsByLottery(db, owner, range),
    ledgerSumsByLottery(db, owner, SELF_REBATE, range),
  ]);
  const byLottery = new Map<string, Money>();
  const at = (code: string) => {
    let m = byLottery.get(code);
    if (!m) {
      m = { n: 0, stake: 0n, bonus: 0n, rebate: 0n };
      byLottery.set(code, m);
    }
    return m;
  };
  for (const b of bets) {
    const m = at(b.lottery_code);
    m.n += Number(b.n);
    m.stake += BigInt(b.stake);
    m.bonus += BigInt(b.bonus);
  }
  // A rebate the ledger cannot tie to a lottery still counts in the total, under its own row.
  for (const r of rebates) at(r.lottery_code ?? '').rebate += BigInt(r.amount);
  const total: Money = { n: 0, stake: 0n, bonus: 0n, rebate: 0n };
  for (const m of byLottery.values()) {
    total.n += m.n;
    total.stake += m.stake;
    total.bonus += m.bonus;
    total.rebate += m.rebate;
  }
  const lotteries = [...byLottery.entries()]
    .sort(
      ([a, x], [b, y]) => y.n - x.n || (y.stake > x.stake ? 1 : y.stake < x.stake ? -1 : a.localeCompare(b)),
    )
    .map(([code, m]) => ({ lotteryCode: code, lotteryName: lotteryName(code) ?? '其他', ...figures(m) }));
  return { period: query.period, ...range, total: figures(total), lotteries };
}

export async function settledBetList(
  db: Db,
  owner: Owner,
  query: SettledBetsQuery,
  nowMs: number,
): Promise<SettledBetsData> {
  const { rows, total } = await settledBets(db, owner, reportRange(query.period, nowMs), query);
  return {
    rows: rows.map((r) => {
      const state = Number(r.state) as 1 | 2;
      return {
        id: r.id,
        recordCode: r.record_code,
        lotteryCode: r.lottery_code,
        lotteryName: lotteryName(r.lottery_code) ?? r.lottery_code,
        issue: r.issue,
        betMoney: formatMoney(BigInt(r.amount_minor)),
        winMoney: formatMoney(BigInt(r.bonus_minor)),
        state,
        stateName: BET_STATES[state],
        openNum: r.open_number ?? '',
        settledAt: Number(r.settled_at),
      };
    }),
    total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

export async function waterDetail(
  db: Db,
  owner: Owner,
  query: WaterDetailQuery,
  nowMs: number,
): Promise<WaterDetailData> {
  const filter = query.type === 0 ? WATER_TYPE_CODES : [query.type];
  const { rows, total, byType } = await waterEntries(
    db,
    owner,
    reportRange(query.period, nowMs),
    WATER_TYPE_CODES,
    filter,
    query,
  );
  const typeName = (code: number) => WATER_TYPES[code as WaterTypeCode] ?? String(code);
  const sums = new Map(byType.map((t) => [Number(t.type_code), t]));
  let totalMinor = 0n;
  const types = WATER_TYPE_CODES.map((code) => {
    const t = sums.get(code);
    const amount = BigInt(t?.amount ?? '0');
    totalMinor += amount;
    return {
      typeCode: code,
      typeName: typeName(code),
      count: Number(t?.n ?? 0),
      amount: formatMoney(amount),
    };
  });
  return {
    rows: rows.map((r) => ({
      id: r.id,
      typeCode: Number(r.type_code),
      typeName: typeName(Number(r.type_code)),
      amount: formatMoney(BigInt(r.amount_minor)),
      lotteryName: lotteryName(r.lottery_code),
      issue: r.issue || null,
      remark: r.remark,
      createdAt: Number(r.created_at),
    })),
    total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    totalAmount: formatMoney(totalMinor),
    types,
  };
}
