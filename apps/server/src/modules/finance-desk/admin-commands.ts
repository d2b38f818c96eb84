import { parseArgs } from 'node:util';
import { ConsoleCodes } from '@lottery/contract/console/codes';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { systemClock } from '../../clock';
import { DomainError } from '../../errors';
import { type AdminCommand, cliActor, guarded, UsageError } from '../../operator/command';
import { paymentChannel } from '../payment/index';
import { TenantCache, tenantOf } from '../site/index';
import {
  approveWithdrawal,
  creditDepositOrder,
  type DeskActor,
  type DeskContext,
  depositOrder,
  refuseDepositOrder,
  rejectWithdrawal,
  withdrawOrder,
} from './service';

/**
 * The operator's order decisions (`npm run admin -- deposit-confirm | deposit-reject |
 * withdraw-approve | withdraw-reject`), merged into cli/admin.ts. They run the finance desk's own
 * commands as `cli:<os user>`, so a decision writes the same audit row (before, after, reason) in
 * the transaction that moves the money as the console's, and a withdrawal at or above
 * WITHDRAW_SECOND_APPROVAL_MINOR takes two different approvers here too: the CLI records a first
 * approval, and pays only after another actor's (a staff member's, or another OS user's).
 * cli/admin.ts adds its `cli.<command>` row around each run, as for every command.
 */

type Env = Parameters<AdminCommand['run']>[1];

function deskOf(env: Env): DeskContext {
  const clock = env.clock ?? systemClock;
  const db = env.database.db;
  return { config: env.config, db, clock, tenant: new TenantCache(db, clock, env.config.TENANT_CODE) };
}

function operator(): DeskActor {
  const who = cliActor();
  return { ...who, staffId: null, account: who.actor };
}

/** ORDER_NO and a reason or remark, as every decision takes them. */
function orderArgs(args: string[], option: 'reason' | 'remark') {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { [option]: { type: 'string' } },
  });
  return { orderNo: positionals[0], text: values[option] as string | undefined };
}

/**
 * Only a bank transfer waits for the operator: its money lands on the receiver account with no
 * notification. A provider's order is completed by the provider's signed callback; confirming it
 * by hand could credit money that never arrived, so it takes --force and a reason, kept on the order.
 */
async function confirmMode(
  desk: DeskContext,
  orderNo: string,
  force: boolean,
  reason: string | undefined,
): Promise<{ providerRef: string; remark?: string }> {
  const order = await depositOrder(desk, orderNo);
  const channel = await paymentChannel(desk.db, (await tenantOf(desk)).id, order.channel);
  const bankTransfer = channel ? channel.provider === 'bank' : order.channel === 'banktransfer';
  if (bankTransfer) return { providerRef: 'operator' };
  if (!force)
    throw new UsageError(
      `only bank transfers are confirmed by hand; ${orderNo} is a ${order.channel} order paid through its provider (add --force --reason TEXT if the provider's back office shows it paid)`,
    );
  if (!reason?.trim()) throw new UsageError('--force needs --reason TEXT (kept on the order)');
  return { providerRef: 'operator-force', remark: `人工强制确认：${reason.trim()}` };
}

const depositConfirm: AdminCommand = {
  summary: 'confirm a bank-transfer deposit after the money arrived (credits the player)',
  usage: 'deposit-confirm ORDER_NO [--remark TEXT] | deposit-confirm ORDER_NO --force --reason TEXT',
  async run(args, env) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { remark: { type: 'string' }, force: { type: 'boolean' }, reason: { type: 'string' } },
    });
    const orderNo = positionals[0];
    if (!orderNo) throw new UsageError('deposit-confirm needs an order number');
    const desk = deskOf(env);
    const mode = await confirmMode(desk, orderNo, values.force === true, values.reason);
    const remark = mode.remark ?? values.remark ?? '财务确认到账';
    const done = await creditDepositOrder(desk, operator(), orderNo, {
      providerRef: `${mode.providerRef}:${desk.clock.now()}`,
      remark,
      reason: remark,
    });
    const o = done.order;
    return done.alreadyDone
      ? `${o.orderNo} was already paid; nothing changed`
      : `${o.orderNo} paid: ${o.amount} credited${parseMoney(o.bonus) > 0n ? ` + bonus ${o.bonus}` : ''}`;
  },
};

const depositReject: AdminCommand = {
  summary: 'refuse a pending deposit order (no money moves)',
  usage: 'deposit-reject ORDER_NO --reason TEXT',
  async run(args, env) {
    const { orderNo, text: reason } = orderArgs(args, 'reason');
    if (!orderNo || !reason) throw new UsageError('deposit-reject needs ORDER_NO and --reason');
    const o = await refuseDepositOrder(deskOf(env), operator(), orderNo, reason);
    return `${o.orderNo} rejected: ${reason}`;
  },
};

const withdrawApprove: AdminCommand = {
  summary:
    'approve a withdrawal: pays it (escrow -> payout), or, at or above the four-eyes threshold, records the first of two approvals',
  usage: 'withdraw-approve ORDER_NO [--remark TEXT]',
  async run(args, env) {
    const { orderNo, text: remark } = orderArgs(args, 'remark');
    if (!orderNo) throw new UsageError('withdraw-approve needs an order number');
    const desk = deskOf(env);
    const who = operator();
    const known = await withdrawOrder(desk, orderNo);
    const first = known.needsSecondApproval && known.firstApproval === null;
    const reason = remark ?? (first ? '命令行初审批准' : '已出款');
    const threshold = formatMoney(BigInt(desk.config.WITHDRAW_SECOND_APPROVAL_MINOR));
    const decided = await approveWithdrawal(desk, who, orderNo, reason).catch((error) => {
      if (error instanceof DomainError && error.code === ConsoleCodes.CONSOLE_SAME_APPROVER.code)
        throw new UsageError(
          `${error.message}: ${orderNo} (${known.amount}, at or above ${threshold}) already has its first approval from ${who.actor}; another staff member in the console, or another OS user here, must approve it`,
        );
      throw error;
    });
    const o = decided.order;
    if (decided.state === 'first_approved')
      return `${o.orderNo} first approval recorded as ${who.actor}: ${o.amount} is at or above ${threshold}, so nothing is paid until a second approver (another staff member in the console, or another OS user here) approves it`;
    return `${o.orderNo} approved: ${formatMoney(parseMoney(o.amount) - parseMoney(o.fee))} paid out`;
  },
};

const withdrawReject: AdminCommand = {
  summary: 'refuse a withdrawal; the amount returns to the player (code 201)',
  usage: 'withdraw-reject ORDER_NO --reason TEXT',
  async run(args, env) {
    const { orderNo, text: reason } = orderArgs(args, 'reason');
    if (!orderNo || !reason) throw new UsageError('withdraw-reject needs ORDER_NO and --reason');
    const o = await rejectWithdrawal(deskOf(env), operator(), orderNo, reason);
    return `${o.orderNo} rejected, ${o.amount} returned: ${reason}`;
  },
};

export const FINANCE_DESK_COMMANDS: Record<string, AdminCommand> = Object.fromEntries(
  Object.entries({
    'deposit-confirm': depositConfirm,
    'deposit-reject': depositReject,
    'withdraw-approve': withdrawApprove,
    'withdraw-reject': withdrawReject,
  }).map(([name, command]) => [name, guarded(command)]),
);
