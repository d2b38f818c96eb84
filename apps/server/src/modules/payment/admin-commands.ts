import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { TRANSACTION_TYPES } from '@lottery/contract/wallet';
import { beijingDateTime } from '@lottery/rules/beijing';
import { sql } from 'drizzle-orm';
import { type Clock, systemClock } from '../../clock';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { queryOne } from '../../db/sql';
import { type AdminCommand, guarded, UsageError } from '../../operator/command';
import { findUserByName } from '../auth/index';
import { readOutbox } from '../security/index';
import {
  auditLedger,
  houseAccount,
  LedgerInvariantError,
  playerAccount,
  postTransfer,
} from '../wallet/index';
import { type DepositStatus, findDeposit, listDeposits } from './deposits';
import { proofFileOf, proofImagesOf } from './proof-images';
import { listWithdraws, type WithdrawStatus } from './withdrawals';

/**
 * Operator commands of the wallet (`npm run admin -- <command>`), merged into cli/admin.ts. The
 * decisions on an order (deposit-confirm, deposit-reject, withdraw-approve, withdraw-reject) are the
 * finance desk's (finance-desk/admin-commands.ts): they go through its four eyes and audit rows.
 */

const nowOf = (env: { clock?: Clock }) => (env.clock ?? systemClock).now();

async function tenantId(database: Database, config: Config): Promise<number> {
  const row = await queryOne<{ id: number }>(
    database.db,
    sql`SELECT id FROM tenants WHERE code = ${config.TENANT_CODE}`,
  );
  if (!row) throw new UsageError(`tenant ${config.TENANT_CODE} does not exist`);
  return row.id;
}

const when = (ms: number | null) => (ms === null ? '-' : beijingDateTime(ms));

function table(rows: string[][]): string {
  if (rows.length === 0) return '(none)';
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ')).join('\n');
}

const listOptions = { status: { type: 'string' }, limit: { type: 'string' } } as const;
const limitOf = (v: string | undefined) => Math.min(Math.max(Number(v ?? 20) || 20, 1), 500);

const deposits: AdminCommand = {
  summary: 'list deposit orders (Beijing time), pending first by default',
  usage: 'deposits [--status pending|paid|rejected|expired] [--limit N]',
  async run(args, env) {
    const { config, database } = env;
    const { values } = parseArgs({ args, options: listOptions });
    const page = await listDeposits(
      database.db,
      { tenantId: await tenantId(database, config), status: (values.status ?? 'pending') as DepositStatus },
      { limit: limitOf(values.limit), offset: 0 },
    );
    return table([
      ['orderNo', 'userId', 'channel', 'amount', 'bonus', 'status', 'depositor', 'created'],
      ...page.rows.map((o) => [
        o.orderNo,
        String(o.userId),
        o.channel,
        formatMoney(o.amountMinor),
        formatMoney(o.bonusMinor),
        o.status,
        o.depositorName ?? '',
        when(o.createdAt),
      ]),
    ]);
  },
};

const depositProofs: AdminCommand = {
  summary: 'List the payment proof images a player uploaded for a digital-currency deposit order',
  usage: 'deposit-proofs ORDER_NO',
  async run(args, { config, database }) {
    const orderNo = args[0];
    if (!orderNo) throw new UsageError('deposit-proofs needs an order number');
    const order = await findDeposit(database.db, orderNo);
    if (!order) throw new UsageError(`no deposit order ${orderNo}`);
    const names = await proofImagesOf(database.db, orderNo);
    if (names.length === 0) return `${orderNo}: no proof images`;
    return [
      `${orderNo} (${order.status}): ${names.length} proof image(s)`,
      ...names.map((n) => proofFileOf(config.DATA_DIR, n)),
    ].join('\n');
  },
};

const withdrawals: AdminCommand = {
  summary: 'list withdrawal requests, pending first by default',
  usage: 'withdrawals [--status pending|approved|rejected] [--limit N]',
  async run(args, env) {
    const { config, database } = env;
    const { values } = parseArgs({ args, options: listOptions });
    const page = await listWithdraws(
      database.db,
      { tenantId: await tenantId(database, config), status: (values.status ?? 'pending') as WithdrawStatus },
      { limit: limitOf(values.limit), offset: 0 },
    );
    return table([
      ['orderNo', 'userId', 'amount', 'fee', 'to', 'account', 'name', 'status', 'created'],
      ...page.rows.map((o) => [
        o.orderNo,
        String(o.userId),
        formatMoney(o.amountMinor),
        formatMoney(o.feeMinor),
        o.payout.bankName ?? o.payout.kind,
        o.payout.accountNo,
        o.payout.realName ?? '',
        o.status,
        when(o.createdAt),
      ]),
    ]);
  },
};

const balanceAdjust: AdminCommand = {
  summary: 'credit (+) or debit (-) a player by hand with a manual code 401-423 and a reason',
  usage:
    'balance-adjust USER_NAME AMOUNT --code 401..423 --reason TEXT [--key TICKET]   (AMOUNT like 50 or -20.5; ' +
    'a retry with the same --key is applied once)',
  async run(args, env) {
    const { config, database } = env;
    // a negative amount ("-20.5") is a value, not an option
    const negatives = args.filter((a) => /^-\d/.test(a));
    const { positionals, values } = parseArgs({
      args: [...args.filter((a) => !/^-\d/.test(a)), '--', ...negatives],
      allowPositionals: true,
      options: { code: { type: 'string' }, reason: { type: 'string' }, key: { type: 'string' } },
    });
    const [userName, amountText] = positionals;
    const code = Number(values.code);
    if (!userName || !amountText || !values.reason) {
      throw new UsageError('balance-adjust needs USER_NAME, AMOUNT, --code and --reason');
    }
    if (!Number.isInteger(code) || code < 401 || code > 423) throw new UsageError('--code must be 401..423');
    let amountMinor: bigint;
    try {
      amountMinor = parseMoney(amountText, 2);
    } catch {
      throw new UsageError('AMOUNT must be a decimal with at most 2 places, e.g. 50 or -20.5');
    }
    if (amountMinor === 0n) throw new UsageError('AMOUNT must not be 0');
    const tenant = await tenantId(database, config);
    const user = await findUserByName(database.db, tenant, userName);
    if (!user) throw new UsageError(`no user ${userName}`);
    const player = await playerAccount(database.db, tenant, user.id);
    const house = await houseAccount(database.db, tenant, user.id);
    const posted = await postTransfer(
      database.db,
      {
        // an operator's ticket makes a retry safe; without one every run is a new adjustment
        idempotencyKey: values.key
          ? `manual:${userName}:${values.key}`
          : `manual:${nowOf(env)}:${randomBytes(4).toString('hex')}`,
        typeCode: code,
        lines: [
          { accountId: house, amountMinor: -amountMinor },
          { accountId: player, amountMinor },
        ],
        related: { kind: 'operator', id: userName },
        remark: values.reason,
      },
      nowOf(env),
    ).catch((error) => {
      if (error instanceof LedgerInvariantError && values.key)
        throw new UsageError(`--key ${values.key} was used for a different adjustment`);
      throw error;
    });
    if (posted.replayed) return `${userName}: adjustment ${values.key} already applied, nothing changed`;
    const after = posted.entries.find((e) => e.accountId === player)!.balanceAfterMinor;
    return `${userName}: ${formatMoney(amountMinor)} (${code} ${TRANSACTION_TYPES[code as keyof typeof TRANSACTION_TYPES]}), balance now ${formatMoney(after)}`;
  },
};

const ledgerAudit: AdminCommand = {
  summary: 'check the ledger: every account and entry sums to zero, each balance equals its entries',
  usage: 'ledger-audit',
  async run(_args, { database }) {
    const a = await auditLedger(database.db);
    const lines = [
      `ledger ${a.ok ? 'OK' : 'BROKEN'}: ${a.accounts} accounts, ${a.transactions} transactions`,
      `sum of balances ${formatMoney(a.balanceSumMinor, 4)}, sum of entries ${formatMoney(a.entrySumMinor, 4)}`,
      ...a.unbalancedTxnIds.map((id) => `unbalanced transaction ${id}`),
      ...a.driftedAccounts.map(
        (d) =>
          `account ${d.accountId} ${d.code}: balance ${formatMoney(d.balanceMinor, 4)} != entries ${formatMoney(d.entrySumMinor, 4)}`,
      ),
      ...a.negativeAccounts.map(
        (n) => `account ${n.accountId} ${n.code} is negative: ${formatMoney(n.balanceMinor, 4)}`,
      ),
    ];
    if (!a.ok) process.exitCode = 1;
    return lines.join('\n');
  },
};

const outbox: AdminCommand = {
  summary: 'show the latest SMS / mail messages (verification codes) waiting in the outbox',
  usage: 'outbox [--limit N]',
  async run(args, env) {
    const { database } = env;
    const { values } = parseArgs({ args, options: { limit: { type: 'string' } } });
    const rows = await readOutbox(database.db, limitOf(values.limit));
    return table([
      ['id', 'channel', 'target', 'created', 'delivered', 'message'],
      ...rows.map((r) => [
        String(r.id),
        r.channel,
        r.target,
        when(r.createdAt),
        r.delivered ? 'yes' : 'no',
        r.body,
      ]),
    ]);
  },
};

export const WALLET_COMMANDS: Record<string, AdminCommand> = Object.fromEntries(
  Object.entries({
    deposits,
    'deposit-proofs': depositProofs,
    withdrawals,
    'balance-adjust': balanceAdjust,
    'ledger-audit': ledgerAudit,
    outbox,
  }).map(([name, command]) => [name, guarded(command)]),
);
