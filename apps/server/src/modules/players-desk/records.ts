import type { PlayerRecordKind, PlayerRecordRows } from '@lottery/contract/console/players';
import { formatMoney } from '@lottery/contract/money';
import { formatRatePpm } from '@lottery/contract/yuebao';
import { tableGameByCode } from '@lottery/rules/games/catalogue';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/sql';
import { AccountCodes } from '../wallet/index';
import { pledgeOrdersBefore } from '../yuebao/index';

/**
 * One player's records as keyset pages, newest first: ledger entries, deposits, withdrawals, bets,
 * chases, yuebao pledge orders and table-game bets. The owners' listings (wallet entryPage, payment
 * listDeposits/listWithdraws) page by OFFSET and count every row, which a list of a million entries
 * cannot afford on every page; these are reads of the owners' tables by allowance
 * (scripts/check-boundaries.mjs), each on the owner's per-player index: ledger_entry (account_id,
 * created_at DESC, id DESC), bet and chase (user_id, created_at DESC, id DESC), deposit_order,
 * withdraw_order and game_bet (user_id, created_at DESC). Pledge orders have no allowance: yuebao's
 * index pages them (pledgeOrdersBefore) with the same order and cursor.
 *
 * The order is (created_at DESC, id DESC) and the cursor the last row's `<created_at>.<id>`, so
 * rows of the same millisecond are neither skipped nor repeated.
 */

type Raw = Record<string, string | number | boolean | null>;
/** Any kind's row, as the CSV export reads it (column by name). */
export type RecordRow = PlayerRecordRows[PlayerRecordKind];

type Where = { tenantId: number; userId: number };

/** A kind read here in one statement. */
interface SqlKind<Row> {
  /** `FROM <table> r WHERE <the player's rows>`, with created_at and id on the listed table `r`. */
  source: (tenantId: number, userId: number) => SQL;
  columns: SQL;
  toRow: (r: Raw) => Row;
}
/** A kind its owning module pages: at most `limit` rows before the keyset position, newest first. */
interface OwnedKind<Row> {
  read: (
    db: Executor,
    where: Where,
    page: { before?: { createdAt: number; id: number }; limit: number },
  ) => Promise<Row[]>;
}
type Kind<Row> = SqlKind<Row> | OwnedKind<Row>;

const minor = (v: unknown) => formatMoney(BigInt(String(v)));
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null ? null : Number(v));
const strOrNull = (v: unknown) => (v === null ? null : String(v));
const minorOrNull = (v: unknown) => (v === null ? null : minor(v));

const KINDS: { [K in PlayerRecordKind]: Kind<PlayerRecordRows[K]> } = {
  ledger: {
    source: (tenantId, userId) => sql`FROM ledger_entry r WHERE r.account_id =
      (SELECT id FROM wallet_account WHERE tenant_id = ${tenantId} AND code = ${AccountCodes.player(userId)})`,
    columns: sql`r.type_code, r.amount_minor::text AS amount_minor, r.balance_after_minor::text AS balance_after_minor,
      r.txn_id`,
    toRow: (r) => ({
      id: String(r.id),
      at: num(r.created_at),
      typeCode: num(r.type_code),
      amount: minor(r.amount_minor),
      balanceAfter: minor(r.balance_after_minor),
      txnId: String(r.txn_id),
    }),
  },
  deposits: {
    source: (tenantId, userId) =>
      sql`FROM deposit_order r WHERE r.user_id = ${userId} AND r.tenant_id = ${tenantId}`,
    columns: sql`r.order_no, r.channel, r.type_code, r.amount_minor::text AS amount_minor,
      r.bonus_minor::text AS bonus_minor, r.status, r.completed_at::text AS completed_at`,
    toRow: (r) => ({
      id: String(r.id),
      orderNo: String(r.order_no),
      at: num(r.created_at),
      channel: String(r.channel),
      typeCode: num(r.type_code),
      amount: minor(r.amount_minor),
      bonus: minor(r.bonus_minor),
      status: String(r.status),
      completedAt: numOrNull(r.completed_at),
    }),
  },
  withdrawals: {
    source: (tenantId, userId) =>
      sql`FROM withdraw_order r WHERE r.user_id = ${userId} AND r.tenant_id = ${tenantId}`,
    columns: sql`r.order_no, r.amount_minor::text AS amount_minor, r.fee_minor::text AS fee_minor, r.status,
      r.reviewed_at::text AS reviewed_at`,
    toRow: (r) => ({
      id: String(r.id),
      orderNo: String(r.order_no),
      at: num(r.created_at),
      amount: minor(r.amount_minor),
      fee: minor(r.fee_minor),
      status: String(r.status),
      reviewedAt: numOrNull(r.reviewed_at),
    }),
  },
  bets: {
    source: (tenantId, userId) => sql`FROM bet r WHERE r.user_id = ${userId} AND r.tenant_id = ${tenantId}`,
    // the plays of its lines: one probe of bet_line's (bet_id, line_no) key per row
    columns: sql`r.record_code, r.lottery_code, r.issue, r.amount_minor::text AS amount_minor,
      r.bonus_minor::text AS bonus_minor, r.state, r.chase_id::text AS chase_id,
      (SELECT string_agg(l.play_detail_code, ',' ORDER BY l.first_line)
         FROM (SELECT play_detail_code, min(line_no) AS first_line FROM bet_line
               WHERE bet_id = r.id GROUP BY play_detail_code) l) AS play_detail_codes`,
    toRow: (r) => ({
      id: String(r.id),
      recordCode: String(r.record_code),
      at: num(r.created_at),
      lotteryCode: String(r.lottery_code),
      issue: String(r.issue),
      amount: minor(r.amount_minor),
      bonus: minor(r.bonus_minor),
      state: num(r.state),
      chaseId: strOrNull(r.chase_id),
      playDetailCodes: r.play_detail_codes === null ? [] : String(r.play_detail_codes).split(','),
    }),
  },
  chases: {
    source: (tenantId, userId) => sql`FROM chase r WHERE r.user_id = ${userId} AND r.tenant_id = ${tenantId}`,
    columns: sql`r.record_code, r.lottery_code, r.start_issue, r.chase_count, r.amount_minor::text AS amount_minor,
      r.stop_reason, r.stopped_at::text AS stopped_at`,
    toRow: (r) => ({
      id: String(r.id),
      recordCode: String(r.record_code),
      at: num(r.created_at),
      lotteryCode: String(r.lottery_code),
      startIssue: String(r.start_issue),
      chaseCount: num(r.chase_count),
      amount: minor(r.amount_minor),
      stopReason: strOrNull(r.stop_reason),
      stoppedAt: numOrNull(r.stopped_at),
    }),
  },
  pledges: {
    read: async (db, where, page) =>
      (await pledgeOrdersBefore(db, where, page)).map((o) => ({
        id: String(o.id),
        orderNo: o.orderNo,
        at: o.createdAt,
        productName: o.productName,
        amount: formatMoney(o.principalMinor),
        annualRate: formatRatePpm(o.ratePpm),
        termDays: o.termDays,
        startedAt: o.startedAt,
        maturesAt: o.maturesAt,
        profit: formatMoney(o.profitMinor),
        penalty: o.penaltyMinor === null ? null : formatMoney(o.penaltyMinor),
        autoRenew: o.autoRenew,
        state: o.state,
        settledAt: o.settledAt,
        renewedFrom: o.renewedFrom === null ? null : String(o.renewedFrom),
      })),
  },
  games: {
    source: (tenantId, userId) =>
      sql`FROM game_bet r WHERE r.user_id = ${userId} AND r.tenant_id = ${tenantId}`,
    columns: sql`r.game_code, r.round_id, r.area, r.stake_minor::text AS stake_minor,
      r.debit_minor::text AS debit_minor, r.return_minor::text AS return_minor, r.outcome, r.state,
      r.settled_at::text AS settled_at`,
    toRow: (r) => {
      const game = tableGameByCode(String(r.game_code));
      return {
        id: String(r.id),
        at: num(r.created_at),
        gameCode: String(r.game_code),
        gameName: game?.name ?? String(r.game_code),
        roundId: String(r.round_id),
        area: String(r.area),
        areaName: game?.areas.find((a) => a.code === r.area)?.name ?? String(r.area),
        stake: minor(r.stake_minor),
        debit: minor(r.debit_minor),
        payout: minorOrNull(r.return_minor),
        outcome: strOrNull(r.outcome),
        state: num(r.state),
        settledAt: numOrNull(r.settled_at),
      };
    },
  },
};

export async function recordPage<K extends PlayerRecordKind>(
  db: Executor,
  kind: K,
  where: Where,
  page: { cursor?: string; limit: number },
): Promise<{ items: PlayerRecordRows[K][]; nextCursor: string | null }> {
  const k = KINDS[kind] as Kind<PlayerRecordRows[K]>;
  const [createdAt, id] = page.cursor?.split('.').map(Number) ?? [];
  const before = createdAt !== undefined && id !== undefined ? { createdAt, id } : undefined;
  // one row past the page tells whether another page follows
  let rows: PlayerRecordRows[K][];
  if ('read' in k) rows = await k.read(db, where, { before, limit: page.limit + 1 });
  else {
    const after = before
      ? sql`(r.created_at, r.id) < (${before.createdAt}::bigint, ${before.id}::bigint)`
      : sql`TRUE`;
    const raw = await queryRows<Raw>(
      db,
      sql`SELECT r.id::text AS id, r.created_at::text AS created_at, ${k.columns}
          ${k.source(where.tenantId, where.userId)} AND ${after}
          ORDER BY r.created_at DESC, r.id DESC LIMIT ${page.limit + 1}`,
    );
    rows = raw.map(k.toRow);
  }
  const items = rows.slice(0, page.limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > page.limit && last ? `${last.at}.${last.id}` : null };
}
