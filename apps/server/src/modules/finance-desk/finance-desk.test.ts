import { Codes } from '@lottery/contract/codes';
import { ConsoleCodes } from '@lottery/contract/console/codes';
import {
  DEPOSIT_CSV_COLUMNS,
  type DepositRow,
  FinanceMessages,
  WITHDRAW_CSV_COLUMNS,
  type WithdrawRow,
} from '@lottery/contract/console/finance';
import { parseMoney, yuan } from '@lottery/contract/money';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/app';
import { listAudit } from '../audit/index';
import { consoleGet, consolePost, enrolStaff } from '../staff/testing';
import { auditLedger } from '../wallet/index';
import { depositCsv, withdrawCsv } from './export';
import { depositBatches } from './service';
import { deskPlayer, pendingDeposit, pendingWithdrawal } from './testing';

/**
 * Issue 40 §5 through the console API: deposits confirmed or rejected once, withdrawals paid once
 * (four eyes from WITHDRAW_SECOND_APPROVAL_MINOR, default 50,000 yuan), manual adjustments once per
 * key, bad input refused with a code and no money moved, one audit row per change in its
 * transaction. The races send parallel requests: on PostgreSQL they really run at once; whatever
 * the interleaving, each order ends decided once and the ledger audit stays clean.
 */
const { app, clock, database } = await testApp();
const alice = await enrolStaff(app, clock, 'finance');
const bob = await enrolStaff(app, clock, 'finance');

const post = (who: { cookie: string }, path: string, body: Record<string, unknown>) =>
  consolePost(app, `finance/${path}`, body, { cookie: who.cookie }).then((r) => r.json());
const get = (who: { cookie: string }, path: string, query: Record<string, string | number>) =>
  consoleGet(app, `finance/${path}`, query, who.cookie).then((r) => r.json());

/** The audit rows naming one target, oldest first. */
const auditOf = async (target: string) =>
  (await listAudit(app.ctx.db, { target, limit: 50 })).items.reverse();

describe('finance desk: deposits', () => {
  it('confirms a bank deposit once: credited, one audit row; a second confirm is refused', async () => {
    const p = await deskPlayer(app);
    const orderNo = await pendingDeposit(app, p, 500);
    const pending = await get(alice, 'deposits/pending', {});
    expect(pending.data.items.map((o: { orderNo: string }) => o.orderNo)).toContain(orderNo);

    const done = await post(alice, 'deposits/confirm', { orderNo, reason: '银行流水已到账' });
    expect(done.code, JSON.stringify(done)).toBe(1);
    expect(done.data).toMatchObject({ orderNo, status: 'paid', amount: '500.00', account: p.userName });
    const credited = await p.balance();
    expect(credited).toBeGreaterThanOrEqual(yuan(500));

    const again = await post(bob, 'deposits/confirm', { orderNo, reason: 'again' });
    expect(again).toEqual({
      code: ConsoleCodes.CONSOLE_DEPOSIT_ALREADY_PAID.code,
      msg: ConsoleCodes.CONSOLE_DEPOSIT_ALREADY_PAID.msg,
    });
    expect(await p.balance()).toBe(credited);

    const rows = await auditOf(`deposit:${orderNo}`);
    expect(rows.map((r) => [r.action, r.actor, r.reason])).toEqual([
      ['deposit.confirm', `staff:${alice.staffId}`, '银行流水已到账'],
    ]);
    expect(rows[0]!.before).toMatchObject({ status: 'pending' });
    expect(rows[0]!.after).toMatchObject({ status: 'paid' });
  });

  it('refuses to reject a confirmed deposit in its own words (not the confirm wording); nothing moves', async () => {
    const p = await deskPlayer(app);
    const orderNo = await pendingDeposit(app, p, 300);
    expect((await post(alice, 'deposits/confirm', { orderNo, reason: '已到账' })).code).toBe(1);
    const credited = await p.balance();

    const late = await post(bob, 'deposits/reject', { orderNo, reason: 'late' });
    expect(late).toEqual({
      code: ConsoleCodes.CONSOLE_DEPOSIT_NOT_REJECTABLE.code,
      msg: '该充值订单已确认到账，不能再拒绝',
    });
    expect(late.msg).not.toBe(ConsoleCodes.CONSOLE_DEPOSIT_ALREADY_PAID.msg);
    expect(await p.balance()).toBe(credited);
    expect((await auditOf(`deposit:${orderNo}`)).map((r) => r.action)).toEqual(['deposit.confirm']);
    expect((await get(alice, 'deposits/detail', { orderNo })).data.order).toMatchObject({ status: 'paid' });
  });

  it('rejects with a reason (no money), finds orders by filters and keyset pages', async () => {
    const p = await deskPlayer(app);
    const first = await pendingDeposit(app, p, 300);
    clock.advance(1000);
    const second = await pendingDeposit(app, p, 400);
    const rejected = await post(alice, 'deposits/reject', { orderNo: first, reason: '未收到款项' });
    expect(rejected.data).toMatchObject({ status: 'rejected', remark: '未收到款项' });
    expect(await p.balance()).toBe(0n);
    expect(await post(bob, 'deposits/confirm', { orderNo: first, reason: 'x' })).toMatchObject({
      code: ConsoleCodes.CONSOLE_ORDER_DECIDED.code,
    });
    expect((await auditOf(`deposit:${first}`)).map((r) => r.action)).toEqual(['deposit.reject']);

    const page1 = await get(alice, 'deposits/list', { account: p.userName, limit: 1 });
    expect(page1.data.items.map((o: { orderNo: string }) => o.orderNo)).toEqual([second]);
    const page2 = await get(alice, 'deposits/list', {
      account: p.userName,
      limit: 1,
      cursor: page1.data.nextCursor,
    });
    expect(page2.data.items.map((o: { orderNo: string }) => o.orderNo)).toEqual([first]);
    const byStatus = await get(alice, 'deposits/list', { account: p.userName, status: 'rejected' });
    expect(byStatus.data.items.map((o: { orderNo: string }) => o.orderNo)).toEqual([first]);
    const detail = await get(alice, 'deposits/detail', { orderNo: second });
    expect(detail.data).toMatchObject({
      order: { orderNo: second, channel: 'banktransfer' },
      proofImages: [],
    });
    // proof images are served to signed-in staff only, and only names the order lists
    const proof = { orderNo: second, name: '202601/1' };
    expect((await consoleGet(app, 'finance/deposits/proof', proof)).statusCode).toBe(401);
    expect((await consoleGet(app, 'finance/deposits/proof', proof, alice.cookie)).json().code).toBe(
      ConsoleCodes.CONSOLE_ORDER_MISSING.code,
    );
  });

  it('refuses an unknown order, a wrong type and a missing reason, moving nothing', async () => {
    const unknown = await post(alice, 'deposits/confirm', { orderNo: 'D20260101000000000', reason: 'x' });
    expect(unknown).toEqual({
      code: ConsoleCodes.CONSOLE_ORDER_MISSING.code,
      msg: ConsoleCodes.CONSOLE_ORDER_MISSING.msg,
    });
    expect((await post(alice, 'deposits/confirm', { orderNo: 12, reason: 'x' })).code).toBe(
      Codes.INVALID_PARAM.code,
    );
    const p = await deskPlayer(app);
    const orderNo = await pendingDeposit(app, p);
    const noReason = await post(alice, 'deposits/confirm', { orderNo, reason: '  ' });
    expect(noReason).toMatchObject({ code: Codes.INVALID_PARAM.code, msg: FinanceMessages.reason });
    expect(await p.balance()).toBe(0n);
    expect(await auditOf(`deposit:${orderNo}`)).toEqual([]);
  });
});

describe('finance desk: withdrawals', () => {
  it('pays a small withdrawal at once; rejects another with the money back (201)', async () => {
    const p = await deskPlayer(app, 1000);
    const small = await pendingWithdrawal(app, p, 200);
    const back = await pendingWithdrawal(app, p, 300);
    expect(await p.escrow()).toBe(yuan(500));
    const queue = await get(alice, 'withdrawals/queue', {});
    expect(queue.data.items.map((o: { orderNo: string }) => o.orderNo)).toEqual(
      expect.arrayContaining([small, back]),
    );

    const paid = await post(alice, 'withdrawals/approve', { orderNo: small, reason: '已出款' });
    expect(paid.data).toMatchObject({
      state: 'paid',
      order: { status: 'approved', needsSecondApproval: false },
    });
    const returned = await post(bob, 'withdrawals/reject', { orderNo: back, reason: '收款卡异常' });
    expect(returned.data).toMatchObject({ status: 'rejected' });
    expect(await p.escrow()).toBe(0n);
    expect(await p.balance()).toBe(yuan(800));
    expect((await post(bob, 'withdrawals/approve', { orderNo: back, reason: 'x' })).code).toBe(
      ConsoleCodes.CONSOLE_ORDER_DECIDED.code,
    );
    expect((await auditOf(`withdraw:${small}`)).map((r) => r.action)).toEqual(['withdraw.approve']);
    expect((await auditOf(`withdraw:${back}`)).map((r) => r.action)).toEqual(['withdraw.reject']);

    const detail = await get(alice, 'withdrawals/detail', { orderNo: small });
    expect(detail.data).toMatchObject({
      order: { orderNo: small, account: p.userName },
      turnover: { remaining: '0.00' },
      secondApprovalFrom: '50000.00',
    });
  });

  it("the detail lists the player's 10 latest lottery bets, newest first, and no one else's", async () => {
    const p = await deskPlayer(app, 1000);
    const other = await deskPlayer(app);
    const orderNo = await pendingWithdrawal(app, p, 100);
    const bet = (userId: number, n: number) =>
      database.query(
        `INSERT INTO bet (tenant_id, user_id, record_code, idempotency_key, lottery_code, issue, amount_minor,
           bonus_minor, user_rebate_tenths, point_tenths, state, created_at)
         VALUES ($1, $2, $3, $3, 'cqssc', $4, $5, $6, 0, 0, $7, $8)`,
        [
          p.tenantId,
          userId,
          `fd-${userId}-${n}`,
          `20261129-${String(n).padStart(3, '0')}`,
          n * 10_000,
          n === 12 ? 19_000 : 0,
          n === 12 ? 1 : 2,
          clock.now() + n,
        ],
      );
    for (let n = 1; n <= 12; n++) await bet(p.userId, n);
    await bet(other.userId, 13);

    const detail = await get(alice, 'withdrawals/detail', { orderNo });
    expect(detail.code, JSON.stringify(detail)).toBe(1);
    const bets = detail.data.recentBets as { recordCode: string }[];
    expect(bets.map((b) => b.recordCode)).toEqual(
      Array.from({ length: 10 }, (_, i) => `fd-${p.userId}-${12 - i}`),
    );
    expect(detail.data.recentBets[0]).toMatchObject({
      lotteryCode: 'cqssc',
      issue: '20261129-012',
      amount: '12.00',
      bonus: '1.90',
      state: 1,
    });
    const none = await get(alice, 'withdrawals/detail', {
      orderNo: await pendingWithdrawal(app, await deskPlayer(app, 500), 100),
    });
    expect(none.data.recentBets).toEqual([]);
  });

  it('four eyes: a large withdrawal needs a second approver who is not the first', async () => {
    const p = await deskPlayer(app, 60_000);
    const orderNo = await pendingWithdrawal(app, p, 50_000);
    const first = await post(alice, 'withdrawals/approve', { orderNo, reason: '核对无误' });
    expect(first.data).toMatchObject({
      state: 'first_approved',
      order: { status: 'pending', needsSecondApproval: true, firstApproval: { staffId: alice.staffId } },
    });
    expect(await p.escrow()).toBe(yuan(50_000)); // nothing paid yet

    const same = await post(alice, 'withdrawals/approve', { orderNo, reason: '再次批准' });
    expect(same).toEqual({
      code: ConsoleCodes.CONSOLE_SAME_APPROVER.code,
      msg: ConsoleCodes.CONSOLE_SAME_APPROVER.msg,
    });
    expect(await p.escrow()).toBe(yuan(50_000));

    const second = await post(bob, 'withdrawals/approve', { orderNo, reason: '复核通过' });
    expect(second.data).toMatchObject({ state: 'paid', order: { status: 'approved' } });
    expect(await p.escrow()).toBe(0n);
    expect((await post(bob, 'withdrawals/approve', { orderNo, reason: 'x' })).code).toBe(
      ConsoleCodes.CONSOLE_ORDER_DECIDED.code,
    );
    const rows = await auditOf(`withdraw:${orderNo}`);
    expect(rows.map((r) => [r.action, r.actor])).toEqual([
      ['withdraw.first_approve', `staff:${alice.staffId}`],
      ['withdraw.approve', `staff:${bob.staffId}`],
    ]);
  });
});

describe('finance desk: manual adjustments', () => {
  it('moves money once per idempotency key and refuses bad input without moving any', async () => {
    const p = await deskPlayer(app);
    const input = {
      account: p.userName,
      direction: 'credit',
      amount: '88.50',
      typeCode: 403,
      reason: '活动补发',
      idempotencyKey: 'ticket-1',
    };
    const first = await post(alice, 'adjustments/create', input);
    expect(first.data).toMatchObject({ replayed: false, balance: '88.50' });
    const again = await post(bob, 'adjustments/create', input);
    expect(again.data).toMatchObject({ replayed: true, balance: '88.50', txnId: first.data.txnId });
    expect(await p.balance()).toBe(885_000n);
    const reused = await post(alice, 'adjustments/create', { ...input, amount: '10' });
    expect(reused.code).toBe(ConsoleCodes.CONSOLE_ADJUST_KEY_REUSED.code);

    for (const [bad, msg] of [
      [{ amount: '-5' }, FinanceMessages.amount],
      [{ amount: '0' }, FinanceMessages.amount],
      [{ amount: '1.005' }, FinanceMessages.amount],
      [{ amount: 5 }, FinanceMessages.amount],
      [{ typeCode: 400 }, FinanceMessages.typeCode],
      // a JSON integer only, as amount is a string only: "401" once moved money
      [{ typeCode: '401' }, FinanceMessages.typeCode],
      [{ typeCode: 401.5 }, FinanceMessages.typeCode],
      [{ reason: '' }, FinanceMessages.reason],
    ] as const) {
      const res = await post(alice, 'adjustments/create', { ...input, idempotencyKey: 'ticket-bad', ...bad });
      expect(res, JSON.stringify(bad)).toEqual({ code: Codes.INVALID_PARAM.code, msg });
    }
    const overdraw = await post(alice, 'adjustments/create', {
      ...input,
      direction: 'debit',
      amount: '100',
      idempotencyKey: 'ticket-2',
    });
    expect(overdraw.code).toBe(Codes.INSUFFICIENT_BALANCE.code);
    const nobody = await post(alice, 'adjustments/create', { ...input, account: 'nobody_here_1' });
    expect(nobody.code).toBe(ConsoleCodes.CONSOLE_ADJUST_PLAYER_MISSING.code);
    expect(await p.balance()).toBe(885_000n);
    expect((await auditOf(`user:${p.userId}`)).map((r) => r.action)).toEqual(['adjust.create']);
  });
});

describe('finance desk: channels and reconciliation', () => {
  it('changes a channel with a reason (one audit row); refuses min above max and a negative minimum', async () => {
    const listed = await get(alice, 'channels/list', {});
    const bank = listed.data.items.find((c: { channel: string }) => c.channel === 'banktransfer');
    expect(bank).toMatchObject({ provider: 'bank', enabled: true });
    const changed = await post(alice, 'channels/update', {
      channel: 'banktransfer',
      min: '200',
      max: '80000',
      sort: 3,
      reason: '调整限额',
    });
    expect(changed.data).toMatchObject({ channel: 'banktransfer', min: '200.00', max: '80000.00', sort: 3 });
    const refused = await post(alice, 'channels/update', {
      channel: 'banktransfer',
      min: '900',
      max: '800',
      reason: 'x',
    });
    expect(refused.code).toBe(Codes.INVALID_PARAM.code);
    const negative = await post(alice, 'channels/update', {
      channel: 'banktransfer',
      min: '-1',
      reason: 'x',
    });
    expect(negative).toEqual({ code: Codes.INVALID_PARAM.code, msg: FinanceMessages.amount });
    const rows = await auditOf('channel:banktransfer');
    expect(rows.map((r) => [r.action, r.reason])).toEqual([['channel.update', '调整限额']]);
    expect(rows[0]!.before).toMatchObject({ min: bank.min });
    // put it back for the other tests' deposits
    await post(alice, 'channels/update', {
      channel: 'banktransfer',
      min: bank.min,
      max: bank.max,
      reason: '还原',
    });
  });

  it("totals a Beijing day's confirmed deposits and decided withdrawals beside the ledger audit", async () => {
    const p = await deskPlayer(app, 1000);
    const paid = await pendingWithdrawal(app, p, 250);
    await post(alice, 'withdrawals/approve', { orderNo: paid, reason: 'ok' });
    clock.advance(1000);
    const deposit = await pendingDeposit(app, p, 700);
    await post(alice, 'deposits/confirm', { orderNo: deposit, reason: 'ok' });
    // the deposit's turnover requirement is what the next withdrawal's page shows
    const detail = await get(alice, 'withdrawals/detail', { orderNo: paid });
    expect(parseMoney(detail.data.turnover.remaining)).toBeGreaterThan(0n);
    expect(detail.data.recentDeposits.map((d: { orderNo: string }) => d.orderNo)).toContain(deposit);
    const day = new Date(clock.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const before = await get(alice, 'reconciliation', { day });
    expect(before.data.ledger).toMatchObject({ ok: true, balanceSum: '0.0000', entrySum: '0.0000' });
    const bank = before.data.deposits.find((d: { channel: string }) => d.channel === 'banktransfer');
    expect(parseMoney(bank.amount)).toBeGreaterThanOrEqual(yuan(700));
    const toBank = before.data.withdrawals.find((w: { payoutKind: string }) => w.payoutKind === 'bank');
    expect(parseMoney(toBank.paidAmount)).toBeGreaterThanOrEqual(yuan(250));
    const yesterday = await get(alice, 'reconciliation', { day: '2020-01-01' });
    expect(yesterday.data).toMatchObject({ deposits: [], withdrawals: [] });
    expect((await get(alice, 'reconciliation', { day: '2026-02-30' })).code).toBe(Codes.INVALID_PARAM.code);
  });
});

/** A CSV body's lines without the BOM and the last CRLF. */
const csvLines = (body: string) => {
  expect(body.startsWith('\uFEFF')).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(1, -2).split('\r\n');
};
/** A CSV body's order numbers (its rows' first cells). */
const orderNosOf = (body: string) =>
  csvLines(body)
    .slice(1)
    .map((l) => l.split(',')[0]);
/** An instant in Beijing time, as the exports write it. */
const beijing = (ms: number | null) =>
  ms === null ? '' : new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const exportOf = (who: { cookie: string }, path: string, query: Record<string, string | number>) =>
  consoleGet(app, `finance/${path}`, query, who.cookie);
const listOf = async <R>(path: string, query: Record<string, string | number>): Promise<R[]> => {
  const page = await get(alice, path, { ...query, limit: 200 });
  expect(page.code, JSON.stringify(page)).toBe(1);
  return page.data.items;
};
const streamed = async (lines: AsyncIterable<string>) => {
  let body = '';
  for await (const chunk of lines) body += chunk;
  return body;
};

describe('finance desk: CSV exports', () => {
  it("exports the deposit search's rows: Chinese headers, yuan strings, Beijing times, the list's filter", async () => {
    const p = await deskPlayer(app);
    const refused = await pendingDeposit(app, p, 300);
    clock.advance(1000);
    const open = await pendingDeposit(app, p, 1234);
    clock.advance(1000);
    const paid = await pendingDeposit(app, p, 700);
    await post(alice, 'deposits/reject', { orderNo: refused, reason: '未收到款项' });
    await post(alice, 'deposits/confirm', { orderNo: paid, reason: '已到账' });

    const csv = await exportOf(alice, 'deposits/export', { account: p.userName });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="deposits-\d+\.csv"$/);
    const [header, ...rows] = csvLines(csv.body);
    expect(header).toBe(DEPOSIT_CSV_COLUMNS.join(','));
    expect(header).toBe(
      '订单号,玩家ID,玩家账号,渠道,类型码,金额（元）,赠送（元）,状态,存款人,备注,提交时间（北京）,到账时间（北京）',
    );
    const list = await listOf<DepositRow>('deposits/list', { account: p.userName });
    expect(list.map((d) => d.orderNo)).toEqual([paid, open, refused]);
    expect(rows).toEqual(
      list.map((d) =>
        [
          d.orderNo,
          d.userId,
          p.userName,
          'banktransfer',
          d.typeCode,
          d.amount,
          d.bonus,
          d.status,
          '张三',
          d.remark ?? '',
          beijing(d.createdAt),
          beijing(d.completedAt),
        ].join(','),
      ),
    );
    expect(rows[1]).toContain(',1234.00,');
    expect(rows[2]).toContain(',rejected,张三,未收到款项,');
    expect(rows[0]!.split(',')[11]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // each of the list's filters narrows the export the same way
    const today = beijing(clock.now()).slice(0, 10);
    for (const [filter, expected] of [
      [{ status: 'rejected' }, [refused]],
      [{ orderNo: open }, [open]],
      [{ channel: 'banktransfer', fromDay: today, toDay: today }, [paid, open, refused]],
      [{ channel: 'alipay' }, []],
      [{ toDay: '2020-01-01' }, []],
    ] as const) {
      const query = { account: p.userName, ...filter };
      const what = JSON.stringify(filter);
      const listed = await listOf<DepositRow>('deposits/list', query);
      expect(
        listed.map((d) => d.orderNo),
        what,
      ).toEqual(expected);
      expect(orderNosOf((await exportOf(alice, 'deposits/export', query)).body), what).toEqual(expected);
    }
    // an unknown player: the header alone
    expect(csvLines((await exportOf(alice, 'deposits/export', { account: 'nobody_here_2' })).body)).toEqual([
      header,
    ]);
  });

  it("exports the withdrawal search's rows with the payout and the first approval", async () => {
    const p = await deskPlayer(app, 60_000);
    const small = await pendingWithdrawal(app, p, 200);
    clock.advance(1000);
    const large = await pendingWithdrawal(app, p, 50_000);
    await post(alice, 'withdrawals/approve', { orderNo: small, reason: '已出款' });
    await post(alice, 'withdrawals/approve', { orderNo: large, reason: '核对无误' });

    const csv = await exportOf(bob, 'withdrawals/export', { account: p.userName });
    expect(csv.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    const [header, ...rows] = csvLines(csv.body);
    expect(header).toBe(WITHDRAW_CSV_COLUMNS.join(','));
    const list = await listOf<WithdrawRow>('withdrawals/list', { account: p.userName });
    expect(list.map((w) => w.orderNo)).toEqual([large, small]);
    expect(rows).toEqual(
      list.map((w) =>
        [
          w.orderNo,
          w.userId,
          p.userName,
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
          beijing(w.firstApproval?.at ?? null),
          w.remark ?? '',
          beijing(w.createdAt),
          beijing(w.reviewedAt),
        ].join(','),
      ),
    );
    expect(rows[0]).toContain(`,50000.00,`);
    expect(rows[0]).toContain(`,是,${alice.account},核对无误,`);
    expect(rows[1]).toContain(',200.00,');

    const pending = await exportOf(bob, 'withdrawals/export', { account: p.userName, status: 'pending' });
    expect(orderNosOf(pending.body)).toEqual([large]);
  });

  it('streams an export of several batches with every row once, rows of one millisecond included', async () => {
    const p = await deskPlayer(app, 1000);
    // five deposits, three of them in one millisecond: the keyset goes on by order number
    const orders = [await pendingDeposit(app, p, 101)];
    clock.advance(1);
    for (let i = 0; i < 3; i++) orders.push(await pendingDeposit(app, p, 102 + i));
    clock.advance(1);
    orders.push(await pendingDeposit(app, p, 105));
    const listed = (await listOf<DepositRow>('deposits/list', { account: p.userName })).map((d) => d.orderNo);
    expect([...listed].sort()).toEqual([...orders].sort());

    const sizes: number[] = [];
    for await (const batch of depositBatches(app.ctx, { account: p.userName }, 2)) sizes.push(batch.length);
    expect(sizes).toEqual([2, 2, 1]);

    const whole = (await exportOf(alice, 'deposits/export', { account: p.userName })).body;
    for (const batchSize of [1, 2, 3, 5]) {
      const body = await streamed(await depositCsv(app.ctx, { account: p.userName }, batchSize));
      expect(body, `batch ${batchSize}`).toBe(whole);
      expect(orderNosOf(body)).toEqual(listed);
    }

    const withdrawals = [await pendingWithdrawal(app, p, 100), await pendingWithdrawal(app, p, 100)];
    clock.advance(1);
    withdrawals.push(await pendingWithdrawal(app, p, 100));
    const all = (await exportOf(alice, 'withdrawals/export', { account: p.userName })).body;
    expect(orderNosOf(all).sort()).toEqual([...withdrawals].sort());
    for (const batchSize of [1, 2])
      expect(await streamed(await withdrawCsv(app.ctx, { account: p.userName }, batchSize))).toBe(all);
  });

  it('refuses a role without deposit.read / withdraw.read with 403, and writes no CSV', async () => {
    const support = await enrolStaff(app, clock, 'support');
    for (const path of ['deposits/export', 'withdrawals/export']) {
      const res = await exportOf(support, path, {});
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toEqual({ code: ConsoleCodes.CONSOLE_FORBIDDEN.code, msg: '无权限执行此操作' });
      expect((await consoleGet(app, `finance/${path}`, {})).statusCode, path).toBe(401);
    }
    const risk = await enrolStaff(app, clock, 'risk');
    expect((await exportOf(risk, 'withdrawals/export', {})).statusCode).toBe(200);
  });

  it('answers a bad filter with HTTP 400 and the -2 envelope naming the problem, never a 5xx', async () => {
    for (const [path, query, msg] of [
      ['deposits/export', { status: 'lost' }, undefined],
      ['deposits/export', { channel: 'nope' }, undefined],
      ['deposits/export', { orderNo: 'abc' }, FinanceMessages.orderNo],
      ['deposits/export', { account: '' }, FinanceMessages.account],
      ['deposits/export', { fromDay: '2026-1-5' }, FinanceMessages.day],
      ['deposits/export', { fromDay: '2026-02-30' }, FinanceMessages.day],
      ['deposits/export', { account: 'a\u0000b' }, undefined],
      ['withdrawals/export', { status: 'paid' }, undefined],
      ['withdrawals/export', { toDay: '2026-13-01' }, FinanceMessages.day],
      ['withdrawals/export', { orderNo: 'W1' }, FinanceMessages.orderNo],
    ] as const) {
      const res = await exportOf(alice, path, query);
      const what = `${path} ${JSON.stringify(query)}`;
      expect(res.statusCode, what).toBe(400);
      expect(res.headers['content-type'], what).toMatch(/^application\/json/);
      const body = res.json();
      expect(body.code, what).toBe(Codes.INVALID_PARAM.code);
      expect(body.msg, what).toMatch(/\S/);
      if (msg) expect(body.msg, what).toBe(msg);
    }
    // the lists refuse the same impossible day (-2 in their envelope)
    expect(await get(alice, 'withdrawals/list', { toDay: '2026-13-01' })).toEqual({
      code: Codes.INVALID_PARAM.code,
      msg: FinanceMessages.day,
    });
  });
});

describe('finance desk: races (parallel requests)', () => {
  it('two approvals, approve against reject, two confirms: each order decided once', async () => {
    const p = await deskPlayer(app, 60_000);
    const small = await pendingWithdrawal(app, p, 200);
    const contested = await pendingWithdrawal(app, p, 300);
    const large = await pendingWithdrawal(app, p, 50_000);
    const deposit = await pendingDeposit(app, p, 600);
    const before = await p.balance();

    const key = {
      account: p.userName,
      direction: 'credit',
      amount: '5',
      typeCode: 401,
      reason: 'r',
      idempotencyKey: 'race',
    };
    const [a1, a2, ar1, ar2, l1, l2, c1, c2, k1, k2] = await Promise.all([
      post(alice, 'withdrawals/approve', { orderNo: small, reason: 'a' }),
      post(bob, 'withdrawals/approve', { orderNo: small, reason: 'b' }),
      post(alice, 'withdrawals/approve', { orderNo: contested, reason: 'a' }),
      post(bob, 'withdrawals/reject', { orderNo: contested, reason: 'b' }),
      post(alice, 'withdrawals/approve', { orderNo: large, reason: 'a' }),
      post(bob, 'withdrawals/approve', { orderNo: large, reason: 'b' }),
      post(alice, 'deposits/confirm', { orderNo: deposit, reason: 'a' }),
      post(bob, 'deposits/confirm', { orderNo: deposit, reason: 'b' }),
      post(alice, 'adjustments/create', key),
      post(bob, 'adjustments/create', key),
    ]);
    // two approvals of a small one: one pays, the other finds it decided
    expect([a1.code, a2.code].sort()).toEqual([ConsoleCodes.CONSOLE_ORDER_DECIDED.code, 1].sort());
    // approve against reject: exactly one of the two
    expect([ar1.code, ar2.code].filter((c) => c === 1)).toHaveLength(1);
    const rejected = ar2.code === 1;
    // two people approving a large one at once are the two approvers: one records, the other pays
    expect([l1.data?.state, l2.data?.state].sort()).toEqual(['first_approved', 'paid']);
    // two confirms: one credits, the other is refused as already paid
    expect([c1.code, c2.code].sort()).toEqual([ConsoleCodes.CONSOLE_DEPOSIT_ALREADY_PAID.code, 1].sort());

    // the same adjustment key twice at once: credited once
    expect([k1.data.replayed, k2.data.replayed].sort()).toEqual([false, true]);

    expect(await p.escrow()).toBe(0n);
    expect(await p.balance()).toBe(
      before + yuan(605) + (rejected ? yuan(300) : 0n) + (await bonusOf(deposit)),
    );
    for (const orderNo of [small, contested])
      expect(await auditOf(`withdraw:${orderNo}`), orderNo).toHaveLength(1);
    expect(await auditOf(`withdraw:${large}`)).toHaveLength(2);
    expect(await auditOf(`deposit:${deposit}`)).toHaveLength(1);
    expect((await auditLedger(app.ctx.db)).ok).toBe(true);
  });
});

/** The deposit bonus (208) the wallet settings grant on a confirmed order. */
async function bonusOf(orderNo: string): Promise<bigint> {
  const detail = await get(alice, 'deposits/detail', { orderNo });
  return parseMoney(detail.data.order.bonus);
}
