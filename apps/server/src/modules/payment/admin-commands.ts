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
import { DomainError } from '../../errors';
import { findUserByName } from '../auth/index';
import { readOutbox } from '../security/index';
import {
  auditLedger,
  houseAccount,
  LedgerInvariantError,
  playerAccount,
  postTransfer,
} from '../wallet/index';
import { completeDeposit, type DepositStatus, findDeposit, listDeposits, rejectDeposit } from './deposits';
import { proofFileOf, proofImagesOf } from './proof-images';
import { paymentChannel } from './settings';
import { approveWithdraw, listWithdraws, rejectWithdraw, type WithdrawStatus } from './withdrawals';

/** Operator commands of the wallet (`npm run admin -- <command>`), merged into cli/admin.ts. */

/** Same shape as cli/admin.ts AdminCommand (not imported, to keep the CLI free of an import cycle). */
type AdminCommand = {
  summary: string;
  usage: string;
  run(args: string[], env: { config: Config; database: Database; clock?: Clock }): Promise<string>;
};
const nowOf = (env: { clock?: Clock }) => (env.clock ?? systemClock).now();

class WalletUsageError extends Error {}

/** Operator mistakes and refused operations print their message and exit 2, without a stack trace. */
function guarded(command: AdminCommand): AdminCommand {
  return {
    ...command,
    async run(args, env) {
      try {
        return await command.run(args, env);
      } catch (error) {
        if (error instanceof WalletUsageError || error instanceof DomainError || error instanceof TypeError) {
          process.exitCode = 2;
          return `error: ${error.message}\nusage: ${command.usage}`;
        }
        throw error;
      }
    },
  };
}

async function tenantId(database: Database, config: Config): Promise<number> {
  const row = await queryOne<{ id: number }>(
    database.db,
    sql`SELECT id FROM tenants WHERE code = ${config.TENANT_CODE}`,
  );
  if (!row) throw new WalletUsageError(`tenant ${config.TENANT_CODE} does not exist`);
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

/**
 * Only a bank transfer waits for the operator: its money lands on the receiver account with no
 * notification. A provider's order is completed by the provider's signed callback; confirming it
 * by hand could credit money that never arrived, so it takes --force and a reason, kept on the order.
 */
async function confirmMode(
  database: Database,
  orderNo: string,
  force: boolean | undefined,
  reason: string | undefined,
): Promise<{ providerRef: string; remark?: string }> {
  const order = await findDeposit(database.db, orderNo);
  if (!order) return { providerRef: 'operator' }; // completeDeposit answers 订单不存在
  const channel = await paymentChannel(database.db, order.tenantId, order.channel);
  const bankTransfer = channel ? channel.provider === 'bank' : order.channel === 'banktransfer';
  if (bankTransfer) return { providerRef: 'operator' };
  if (!force)
    throw new WalletUsageError(
      `only bank transfers are confirmed by hand; ${orderNo} is a ${order.channel} order paid through its provider (add --force --reason TEXT if the provider's back office shows it paid)`,
    );
  if (!reason?.trim()) throw new WalletUsageError('--force needs --reason TEXT (kept on the order)');
  return { providerRef: 'operator-force', remark: `人工强制确认：${reason.trim()}` };
}

const depositConfirm: AdminCommand = {
  summary: 'confirm a bank-transfer deposit after the money arrived (credits the player)',
  usage: 'deposit-confirm ORDER_NO [--remark TEXT] | deposit-confirm ORDER_NO --force --reason TEXT',
  async run(args, env) {
    const { database } = env;
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { remark: { type: 'string' }, force: { type: 'boolean' }, reason: { type: 'string' } },
    });
    if (!positionals[0]) throw new WalletUsageError('deposit-confirm needs an order number');
    const mode = await confirmMode(database, positionals[0], values.force, values.reason);
    const done = await completeDeposit(database.db, positionals[0], {
      providerRef: `${mode.providerRef}:${nowOf(env)}`,
      remark: mode.remark ?? values.remark ?? '财务确认到账',
      nowMs: nowOf(env),
    });
    const o = done.order;
    return done.alreadyDone
      ? `${o.orderNo} was already paid; nothing changed`
      : `${o.orderNo} paid: ${formatMoney(o.amountMinor)} credited${o.bonusMinor > 0n ? ` + bonus ${formatMoney(o.bonusMinor)}` : ''}`;
  },
};

const depositReject: AdminCommand = {
  summary: 'refuse a pending deposit order (no money moves)',
  usage: 'deposit-reject ORDER_NO --reason TEXT',
  async run(args, env) {
    const { database } = env;
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { reason: { type: 'string' } },
    });
    if (!positionals[0] || !values.reason)
      throw new WalletUsageError('deposit-reject needs ORDER_NO and --reason');
    const o = await rejectDeposit(database.db, positionals[0], values.reason, nowOf(env));
    return `${o.orderNo} rejected: ${values.reason}`;
  },
};

const depositProofs: AdminCommand = {
  summary: 'List the payment proof images a player uploaded for a digital-currency deposit order',
  usage: 'deposit-proofs ORDER_NO',
  async run(args, { config, database }) {
    const orderNo = args[0];
    if (!orderNo) throw new WalletUsageError('deposit-proofs needs an order number');
    const order = await findDeposit(database.db, orderNo);
    if (!order) throw new WalletUsageError(`no deposit order ${orderNo}`);
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

const withdrawApprove: AdminCommand = {
  summary: 'mark a withdrawal paid (escrow -> payout)',
  usage: 'withdraw-approve ORDER_NO [--remark TEXT]',
  async run(args, env) {
    const { database } = env;
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { remark: { type: 'string' } },
    });
    if (!positionals[0]) throw new WalletUsageError('withdraw-approve needs an order number');
    const o = await approveWithdraw(database.db, positionals[0], values.remark ?? '已出款', nowOf(env));
    return `${o.orderNo} approved: ${formatMoney(o.amountMinor - o.feeMinor)} paid out`;
  },
};

const withdrawReject: AdminCommand = {
  summary: 'refuse a withdrawal; the amount returns to the player (code 201)',
  usage: 'withdraw-reject ORDER_NO --reason TEXT',
  async run(args, env) {
    const { database } = env;
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { reason: { type: 'string' } },
    });
    if (!positionals[0] || !values.reason)
      throw new WalletUsageError('withdraw-reject needs ORDER_NO and --reason');
    const o = await rejectWithdraw(database.db, positionals[0], values.reason, nowOf(env));
    return `${o.orderNo} rejected, ${formatMoney(o.amountMinor)} returned: ${values.reason}`;
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
      throw new WalletUsageError('balance-adjust needs USER_NAME, AMOUNT, --code and --reason');
    }
    if (!Number.isInteger(code) || code < 401 || code > 423)
      throw new WalletUsageError('--code must be 401..423');
    let amountMinor: bigint;
    try {
      amountMinor = parseMoney(amountText, 2);
    } catch {
      throw new WalletUsageError('AMOUNT must be a decimal with at most 2 places, e.g. 50 or -20.5');
    }
    if (amountMinor === 0n) throw new WalletUsageError('AMOUNT must not be 0');
    const tenant = await tenantId(database, config);
    const user = await findUserByName(database.db, tenant, userName);
    if (!user) throw new WalletUsageError(`no user ${userName}`);
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
        throw new WalletUsageError(`--key ${values.key} was used for a different adjustment`);
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
    'deposit-confirm': depositConfirm,
    'deposit-reject': depositReject,
    'deposit-proofs': depositProofs,
    withdrawals,
    'withdraw-approve': withdrawApprove,
    'withdraw-reject': withdrawReject,
    'balance-adjust': balanceAdjust,
    'ledger-audit': ledgerAudit,
    outbox,
  }).map(([name, command]) => [name, guarded(command)]),
);
