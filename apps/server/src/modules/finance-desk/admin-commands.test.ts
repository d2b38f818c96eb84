import { ConsoleCodes } from '@lottery/contract/console/codes';
import { yuan } from '@lottery/contract/money';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCommand } from '../../cli/admin';
import { testApp } from '../../test/app';
import { listAudit } from '../audit/index';
import { consoleGet, consolePost, enrolStaff } from '../staff/testing';
import { deskPlayer, pendingDeposit, pendingWithdrawal } from './testing';

/**
 * The admin CLI's order decisions go through the finance desk (docs/console.md "Four eyes"): the
 * same audit rows as the console's, written as `cli:<os user>`, and the same four eyes: a
 * withdrawal at or above WITHDRAW_SECOND_APPROVAL_MINOR (50,000 yuan in tests) is paid only by a
 * second approval from another actor. The OS user is swapped by mocking cliActor's source.
 */
const osUser = vi.hoisted(() => ({ name: 'ops1' }));
vi.mock('../../operator/command', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../operator/command')>();
  return { ...real, cliActor: () => ({ ...real.cliActor(), actor: `cli:${osUser.name}` }) };
});

const { app, clock, database } = await testApp();
const alice = await enrolStaff(app, clock, 'finance');

/** `npm run admin -- <name> <args>` as the OS user `user`, with cli/admin.ts's own audit row. */
function admin(user: string, name: string, ...args: string[]) {
  osUser.name = user;
  return runCommand(name, args, { config: app.ctx.config, database, clock });
}

/** The desk's audit rows of one order, oldest first: [action, actor, reason]. */
const deskRows = async (target: string) =>
  (await listAudit(app.ctx.db, { target, limit: 50 })).items
    .reverse()
    .map((r) => [r.action, r.actor, r.reason]);

/** cli/admin.ts's rows of one command on one order, oldest first: [actor, outcome]. */
const cliRows = async (command: string, orderNo: string) =>
  (await listAudit(app.ctx.db, { action: `cli.${command}`, target: orderNo, limit: 50 })).items
    .reverse()
    .map((r) => [r.actor, (r.after as { outcome: string }).outcome]);

afterEach(() => {
  process.exitCode = 0; // a refused command sets 2, as the real CLI exits
});

describe('admin CLI withdrawals through the desk', () => {
  it('pays a withdrawal below the threshold at once, with the desk audit row and the CLI row', async () => {
    const p = await deskPlayer(app, 1000);
    const orderNo = await pendingWithdrawal(app, p, 200);
    expect(await admin('ops1', 'withdraw-approve', orderNo)).toBe(`${orderNo} approved: 200.00 paid out`);
    expect(await p.escrow()).toBe(0n);
    expect(await deskRows(`withdraw:${orderNo}`)).toEqual([['withdraw.approve', 'cli:ops1', '已出款']]);
    expect(await cliRows('withdraw-approve', orderNo)).toEqual([['cli:ops1', 'ok']]);
  });

  it('a large withdrawal needs two different actors: the same OS user twice is refused, another pays', async () => {
    const p = await deskPlayer(app, 60_000);
    const orderNo = await pendingWithdrawal(app, p, 50_000);

    const first = await admin('ops1', 'withdraw-approve', orderNo, '--remark', '核对流水无误');
    expect(first).toContain(`${orderNo} first approval recorded as cli:ops1`);
    expect(first).toContain('second approver');
    expect(await p.escrow()).toBe(yuan(50_000)); // nothing paid

    const again = await admin('ops1', 'withdraw-approve', orderNo);
    expect(again).toContain(`error: ${ConsoleCodes.CONSOLE_SAME_APPROVER.msg}`);
    expect(again).toContain('already has its first approval from cli:ops1');
    expect(process.exitCode).toBe(2);
    expect(await p.escrow()).toBe(yuan(50_000));

    expect(await admin('ops2', 'withdraw-approve', orderNo)).toBe(`${orderNo} approved: 50000.00 paid out`);
    expect(await p.escrow()).toBe(0n);
    expect(await deskRows(`withdraw:${orderNo}`)).toEqual([
      ['withdraw.first_approve', 'cli:ops1', '核对流水无误'],
      ['withdraw.approve', 'cli:ops2', '已出款'],
    ]);
    expect((await cliRows('withdraw-approve', orderNo)).map(([actor]) => actor)).toEqual([
      'cli:ops1',
      'cli:ops1',
      'cli:ops2',
    ]);
  });

  it("a staff member's first approval and the CLI's are two approvers, in either order", async () => {
    const p = await deskPlayer(app, 110_000);
    const staffFirst = await pendingWithdrawal(app, p, 50_000);
    const cliFirst = await pendingWithdrawal(app, p, 50_000);
    const approve = (orderNo: string) =>
      consolePost(
        app,
        'finance/withdrawals/approve',
        { orderNo, reason: '复核' },
        { cookie: alice.cookie },
      ).then((r) => r.json());

    expect((await approve(staffFirst)).data.state).toBe('first_approved');
    expect(await admin('ops1', 'withdraw-approve', staffFirst)).toContain('approved: 50000.00 paid out');
    expect((await deskRows(`withdraw:${staffFirst}`)).map(([action, actor]) => [action, actor])).toEqual([
      ['withdraw.first_approve', `staff:${alice.staffId}`],
      ['withdraw.approve', 'cli:ops1'],
    ]);

    expect(await admin('ops1', 'withdraw-approve', cliFirst)).toContain('first approval recorded');
    // the console's queue shows who approved first: no staff id, the CLI actor as the account
    const queue = (await consoleGet(app, 'finance/withdrawals/queue', {}, alice.cookie)).json();
    expect(queue.data.items.find((o: { orderNo: string }) => o.orderNo === cliFirst)).toMatchObject({
      firstApproval: { staffId: null, account: 'cli:ops1' },
    });
    const paid = await approve(cliFirst);
    expect(paid.data).toMatchObject({ state: 'paid', order: { status: 'approved' } });
    expect((await deskRows(`withdraw:${cliFirst}`)).map(([action, actor]) => [action, actor])).toEqual([
      ['withdraw.first_approve', 'cli:ops1'],
      ['withdraw.approve', `staff:${alice.staffId}`],
    ]);
    expect(await p.escrow()).toBe(0n);
  });

  it('rejects a withdrawal through the desk: money back, the desk audit row; a second reject is refused', async () => {
    const p = await deskPlayer(app, 1000);
    const orderNo = await pendingWithdrawal(app, p, 300);
    expect(await admin('ops1', 'withdraw-reject', orderNo, '--reason', '银行卡信息有误')).toBe(
      `${orderNo} rejected, 300.00 returned: 银行卡信息有误`,
    );
    expect(await p.balance()).toBe(yuan(1000));
    expect(await admin('ops2', 'withdraw-reject', orderNo, '--reason', 'again')).toContain(
      `error: ${ConsoleCodes.CONSOLE_ORDER_DECIDED.msg}`,
    );
    expect(await deskRows(`withdraw:${orderNo}`)).toEqual([
      ['withdraw.reject', 'cli:ops1', '银行卡信息有误'],
    ]);
  });
});

describe('admin CLI deposits through the desk', () => {
  it('confirms once and rejects with the desk audit rows, keeping the CLI answers', async () => {
    const p = await deskPlayer(app);
    const paid = await pendingDeposit(app, p, 500);
    const refused = await pendingDeposit(app, p, 400);

    expect(await admin('ops1', 'deposit-confirm', paid)).toMatch(
      new RegExp(`^${paid} paid: 500.00 credited`),
    );
    expect(await admin('ops2', 'deposit-confirm', paid)).toBe(`${paid} was already paid; nothing changed`);
    expect(await deskRows(`deposit:${paid}`)).toEqual([['deposit.confirm', 'cli:ops1', '财务确认到账']]);

    expect(await admin('ops1', 'deposit-reject', refused, '--reason', '未到账')).toBe(
      `${refused} rejected: 未到账`,
    );
    expect(await admin('ops1', 'deposit-confirm', refused)).toContain('error: 订单状态已变更');
    expect(await deskRows(`deposit:${refused}`)).toEqual([['deposit.reject', 'cli:ops1', '未到账']]);
  });
});
