import { Codes } from '@lottery/contract/codes';
import { encodeEnpath } from '@lottery/contract/enpath';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
import { queryOne } from '../../db/sql';
import { form, json, passwordDigest, sessionCookie, testApp, testConfig, uniqueName } from '../../test/app';
import { FINANCE_DESK_COMMANDS } from '../finance-desk/admin-commands';
import { WALLET_COMMANDS } from '../payment/admin-commands';
import { signCallback } from '../payment/index';
import { encryptSafetyPassword } from '../security/index';
import { houseAccount, playerAccount } from './accounts';
import { auditLedger } from './audit';
import { postTransfer } from './ledger';

let app: FastifyInstance;
let clock: ManualClock;
let database: Awaited<ReturnType<typeof testApp>>['database'];

// biome-ignore lint/suspicious/noExplicitAny: replies are read loosely in assertions
type Json = any;
type Reply<T = Json> = { code: number; msg: string; data?: T };

class Player {
  constructor(
    readonly userName: string,
    readonly userId: number,
    readonly tenantId: number,
    readonly cookie: string,
  ) {}

  async get<T = Json>(path: string, query: Record<string, string | number> = {}): Promise<Reply<T>> {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    const res = await app.inject({
      method: 'GET',
      url: `/v1/${path}${qs ? `?${qs}` : ''}`,
      headers: { cookie: this.cookie },
    });
    return json<T>(res);
  }

  async post<T = Json>(path: string, body: Record<string, string | number | undefined>): Promise<Reply<T>> {
    const f = form(body);
    const res = await app.inject({
      method: 'POST',
      url: `/v1/${path}`,
      payload: f.payload,
      headers: { ...f.headers, cookie: this.cookie },
    });
    return json<T>(res);
  }

  /** The safety password as the web sends it. */
  safety(password: string): string {
    return encryptSafetyPassword(password, this.userName, clock.now());
  }

  async balance(): Promise<string> {
    return (await this.get<{ balance: string }>('balance/queryBalanceFront')).data!.balance;
  }
}

async function newPlayer(): Promise<Player> {
  const userName = uniqueName('w');
  const res = await app.inject({
    method: 'POST',
    url: '/v1/users/register',
    ...form({ userName, password: passwordDigest(userName, 'Abc12345') }),
  });
  const body = json<{ userId: number }>(res);
  expect(body.code).toBe(1);
  const row = await queryOne<{ tenant_id: number }>(
    database.db,
    sql`SELECT tenant_id FROM users WHERE id = ${body.data!.userId}`,
  );
  return new Player(userName, body.data!.userId, row!.tenant_id, sessionCookie(res));
}

/** The operator's commands of the wallet, and the finance desk's order decisions. */
const COMMANDS = { ...WALLET_COMMANDS, ...FINANCE_DESK_COMMANDS };
const admin = (name: string, args: string[]) =>
  COMMANDS[name]!.run(args, { config: testConfig(), database, clock });

/** Wagers `yuan` through the ledger as the betting module will (code 302). */
async function wager(p: Player, amountMinor: bigint, key: string) {
  const player = await playerAccount(database.db, p.tenantId, p.userId);
  const house = await houseAccount(database.db, p.tenantId, p.userId);
  await postTransfer(
    database.db,
    {
      idempotencyKey: key,
      typeCode: 302,
      lines: [
        { accountId: player, amountMinor: -amountMinor },
        { accountId: house, amountMinor },
      ],
    },
    clock.now(),
  );
}

beforeAll(async () => {
  const t = await testApp();
  app = t.app;
  clock = t.clock;
  database = t.database;
  // the sandbox provider calls back over real HTTP on the loopback interface
  await app.listen({ port: 0, host: '127.0.0.1' });
});

describe('balance and records', () => {
  it('needs a login (code 0) and starts at 0.00 for a new player', async () => {
    const anonymous = json(await app.inject({ method: 'GET', url: '/v1/balance/queryBalanceFront' }));
    expect(anonymous.code).toBe(0);
    const p = await newPlayer();
    expect(await p.balance()).toBe('0.00');
    const enpath = json<{ balance: string }>(
      await app.inject({
        method: 'GET',
        url: `/v1/enpath/${encodeEnpath('balance/queryBalanceFront')}`,
        headers: { cookie: p.cookie },
      }),
    );
    expect(enpath.data).toEqual({ balance: '0.00' });
    expect((await p.get('virtualWallet/myBalance')).data).toEqual({
      balance: '0.00',
      frozenBalance: '0.00',
      totalBalance: '0.00',
    });
  });
});

describe('deposits', () => {
  it('lists the channels with limits and the bank transfer receiving account', async () => {
    const p = await newPlayer();
    const sort = await p.get<Json[]>('transaction/frontPaySort');
    expect(sort.code).toBe(1);
    expect(sort.data!.map((c) => c.channel)).toContain('alipay');
    const bank = await p.get('transaction/frontBankTransferPayment');
    expect(bank.data).toMatchObject({
      channel: 'banktransfer',
      typeCode: 102,
      minAmount: '100.00',
      receiver: { bankName: '中国工商银行', cardNo: expect.stringMatching(/^\d{16,19}$/) },
    });
    const wechat = await p.get('transaction/frontWechatPayment');
    expect(wechat.data).toMatchObject({ channel: 'wechat', typeCode: 104, receiver: null });
  });

  it('validates the amount against the channel limits and its format', async () => {
    const p = await newPlayer();
    const low = await p.post('transaction/rechargeFrontPaymentRecord', { channel: 'alipay', amount: '9.99' });
    expect(low).toMatchObject({ code: Codes.INVALID_PARAM.code, msg: '单笔充值金额范围为10.00-50000.00元' });
    const bad = await p.post('transaction/rechargeFrontPaymentRecord', {
      channel: 'alipay',
      amount: '10.001',
    });
    expect(bad).toMatchObject({ code: Codes.INVALID_PARAM.code, msg: '金额格式不正确' });
    const noName = await p.post('transaction/rechargeFrontPaymentRecord', {
      channel: 'banktransfer',
      amount: '500',
    });
    expect(noName.msg).toBe('请填写存款人姓名');
  });

  it('sandbox provider: paying sends a signed callback that credits the channel code plus the bonus (208)', async () => {
    const p = await newPlayer();
    const order = await p.post('transaction/rechargeFrontPaymentRecord', {
      channel: 'alipay',
      amount: '200',
    });
    expect(order).toMatchObject({ code: 1, data: { status: 'pending', amount: '200.00' } });
    const payUrl = order.data.payUrl as string;
    const pagе = await app.inject({ method: 'GET', url: payUrl });
    expect(pagе.body).toContain('¥200.00');
    const paid = await app.inject({ method: 'POST', url: payUrl, ...form({ action: 'pay' }) });
    expect(paid.body).toContain('支付成功');
    // 1% bonus for deposits of 100 or more (seeded default)
    expect(await p.balance()).toBe('202.00');
    const status = await p.get('transaction/frontRechargeOrder', { orderNo: order.data.orderNo });
    expect(status.data).toMatchObject({ status: 'paid', bonus: '2.00' });
    const records = await p.get('balance/getTransactionRecordsFront', { period: 'today' });
    expect(records.data.rows.map((r: Json) => [r.typeCode, r.typeName, r.amount, r.balanceAfter])).toEqual([
      [208, '充值优惠', '2.00', '202.00'],
      [103, '支付宝充值', '200.00', '200.00'],
    ]);
    expect(records.data).toMatchObject({ total: 2, income: '202.00', expense: '0.00' });
    // paying again at the provider changes nothing
    await app.inject({ method: 'POST', url: payUrl, ...form({ action: 'pay' }) });
    expect(await p.balance()).toBe('202.00');
    const deposits = await p.get('transaction/frontSummaryPaymentRecordList');
    expect(deposits.data.rows[0]).toMatchObject({
      orderNo: order.data.orderNo,
      status: 'paid',
      channel: 'alipay',
    });
  });

  it('refuses forged, replayed, stale and wrong-amount callbacks', async () => {
    const p = await newPlayer();
    const order = (
      await p.post('transaction/rechargeFrontPaymentRecord', { channel: 'wechat', amount: '50' })
    ).data;
    const secret = (await queryOne<{ s: string }>(
      database.db,
      sql`SELECT provider_secret AS s FROM payment_channel WHERE tenant_id = ${p.tenantId} AND channel = 'wechat'`,
    ))!.s;
    const send = (body: object, opts: { secret?: string; ts?: number; nonce?: string } = {}) => {
      const raw = JSON.stringify(body);
      const ts = opts.ts ?? clock.now();
      const nonce = opts.nonce ?? `n${Math.random().toString(36).slice(2)}xxxxxxxxxxxxxxxx`;
      return app
        .inject({
          method: 'POST',
          url: '/v1/transaction/paymentCallback/sandbox',
          payload: raw,
          headers: {
            'content-type': 'application/json',
            'x-pay-timestamp': String(ts),
            'x-pay-nonce': nonce,
            'x-pay-signature': signCallback(opts.secret ?? secret, ts, nonce, raw),
          },
        })
        .then((r) => json(r));
    };
    const good = { orderNo: order.orderNo, amount: '50.00', status: 'paid', providerRef: 'REF1' };
    expect((await send(good, { secret: 'ab'.repeat(32) })).msg).toBe('signature: bad signature');
    expect((await send(good, { ts: clock.now() - 10 * 60_000 })).msg).toBe('signature: stale');
    expect((await send({ ...good, amount: '500.00' })).msg).toBe('amount mismatch');
    expect(await p.balance()).toBe('0.00');
    const nonce = 'replayednonce0000000001';
    expect((await send(good, { nonce })).code).toBe(1);
    expect((await send(good, { nonce })).msg).toBe('replayed callback');
    // a fresh notification for a paid order is acknowledged without a second credit
    expect(await send(good)).toMatchObject({ code: 1, data: { alreadyDone: true } });
    expect(await p.balance()).toBe('50.00');
  });

  it('accepts provider callbacks while the site is in maintenance', async () => {
    const p = await newPlayer();
    const order = (await p.post('transaction/rechargeFrontPaymentRecord', { channel: 'jdpay', amount: '30' }))
      .data;
    const maintained = await testApp({ config: testConfig({ SITE_MODE: 'maintain' }) });
    expect(json(await maintained.app.inject({ method: 'GET', url: '/v1/users/isLogin' })).code).toBe(
      Codes.MAINTENANCE.code,
    );
    const secret = (await queryOne<{ s: string }>(
      database.db,
      sql`SELECT provider_secret AS s FROM payment_channel WHERE tenant_id = ${p.tenantId} AND channel = 'jdpay'`,
    ))!.s;
    const raw = JSON.stringify({
      orderNo: order.orderNo,
      amount: '30.00',
      status: 'paid',
      providerRef: 'M1',
    });
    const ts = clock.now();
    const nonce = 'maintenancenonce000001';
    const res = await maintained.app.inject({
      method: 'POST',
      url: '/v1/transaction/paymentCallback/sandbox',
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-pay-timestamp': String(ts),
        'x-pay-nonce': nonce,
        'x-pay-signature': signCallback(secret, ts, nonce, raw),
      },
    });
    expect(json(res).code).toBe(1);
    expect(await p.balance()).toBe('30.00');
  });

  it('a provider order unpaid for 30 minutes expires; money that still arrives completes it', async () => {
    const p = await newPlayer();
    const order = await p.post('transaction/rechargeFrontPaymentRecord', { channel: 'qqpay', amount: '20' });
    clock.advance(30 * 60_000 + 1);
    const status = await p.get('transaction/frontRechargeOrder', { orderNo: order.data.orderNo });
    expect(status.data.status).toBe('expired');
    const cashier = await app.inject({ method: 'POST', url: order.data.payUrl, ...form({ action: 'pay' }) });
    expect(cashier.body).toContain('订单已关闭');
    expect(await p.balance()).toBe('0.00');
    expect(
      await admin('deposit-confirm', [order.data.orderNo, '--force', '--reason', '渠道后台已到账']),
    ).toContain('paid: 20.00 credited');
    expect(await p.balance()).toBe('20.00');
  });

  it('deposit-confirm credits only bank transfers; a provider order needs --force with a reason', async () => {
    const p = await newPlayer();
    const order = await p.post('transaction/rechargeFrontPaymentRecord', { channel: 'qqpay', amount: '20' });
    const orderNo: string = order.data.orderNo;
    expect(await admin('deposit-confirm', [orderNo])).toContain('error: only bank transfers');
    expect(await admin('deposit-confirm', [orderNo, '--force'])).toContain('error: --force needs --reason');
    expect(await p.balance()).toBe('0.00');
    expect(await admin('deposit-confirm', [orderNo, '--force', '--reason', '渠道后台已到账'])).toContain(
      'paid: 20.00 credited',
    );
    expect(await p.balance()).toBe('20.00');
    const row = await queryOne<{ remark: string; provider_ref: string }>(
      database.db,
      sql`SELECT remark, provider_ref FROM deposit_order WHERE order_no = ${orderNo}`,
    );
    expect(row).toMatchObject({ remark: '人工强制确认：渠道后台已到账' });
    expect(row!.provider_ref).toMatch(/^operator-force:/);
  });

  it('bank transfer: pending until the operator confirms it with the CLI; rejection moves nothing', async () => {
    const p = await newPlayer();
    const order = await p.post('transaction/rechargeFrontPaymentRecord', {
      channel: 'banktransfer',
      amount: '300.50',
      depositorName: '张三',
    });
    expect(order.data).toMatchObject({
      status: 'pending',
      payUrl: null,
      receiver: { bankName: '中国工商银行' },
    });
    expect(await admin('deposits', [])).toContain(order.data.orderNo);
    expect(await p.balance()).toBe('0.00');
    expect(await admin('deposit-confirm', [order.data.orderNo])).toContain(
      'paid: 300.50 credited + bonus 3.00',
    );
    expect(await admin('deposit-confirm', [order.data.orderNo])).toContain('already paid');
    expect(await p.balance()).toBe('303.50');
    const types = (await p.get('balance/getTransactionRecordsFront', { period: 'today', type: 1 })).data.rows;
    expect(types.map((r: Json) => r.typeCode)).toEqual([102]);
    const second = await p.post('transaction/rechargeFrontPaymentRecord', {
      channel: 'banktransfer',
      amount: '100',
      depositorName: '张三',
    });
    expect(await admin('deposit-reject', [second.data.orderNo, '--reason', '未到账'])).toContain('rejected');
    expect(await admin('deposit-confirm', [second.data.orderNo])).toContain('error: 订单状态已变更');
    expect(await p.balance()).toBe('303.50');
  });
});

describe('payment error log', () => {
  it('stores what the cashier reports, bounded, and answers code 1', async () => {
    const p = await newPlayer();
    expect((await p.post('transfer/frontErrorLog', { orderNo: 'D1', message: 'qr failed' })).code).toBe(1);
    const row = await queryOne<{ payload: { message: string } }>(
      database.db,
      sql`SELECT payload FROM client_events WHERE kind = 'paymentError' AND user_id = ${p.userId}`,
    );
    expect(row?.payload.message).toBe('qr failed');
  });
});

describe('safety password', () => {
  it('refuses simple, malformed and mismatched passwords with the spec texts', async () => {
    const p = await newPlayer();
    expect((await p.get('users/isChangeSafetyPassword')).data).toBe(false);
    const simple = await p.post('users/setSafetyPassword', { safetyPassword: p.safety('123456') });
    expect(simple).toMatchObject({
      code: Codes.SAFETY_PASSWORD_TOO_SIMPLE.code,
      msg: '安全密码不能过于简单，禁止设置为：123456、123123、654321、111111等此类简单密码',
    });
    const short = await p.post('users/setSafetyPassword', { safetyPassword: p.safety('12345') });
    expect(short.msg).toBe('安全密码必须为6位数字');
    const mismatch = await p.post('users/setSafetyPassword', {
      safetyPassword: p.safety('482913'),
      confirmSafetyPassword: p.safety('482914'),
    });
    expect(mismatch.msg).toBe('两次密码输入不一致');
    const plain = await p.post('users/setSafetyPassword', { safetyPassword: '482913' });
    expect(plain.code).toBe(Codes.INVALID_PARAM.code);
    const okSet = await p.post('users/setSafetyPassword', {
      safetyPassword: p.safety('482913'),
      confirmSafetyPassword: p.safety('482913'),
    });
    expect(okSet.code).toBe(1);
    expect((await p.get('users/isChangeSafetyPassword')).data).toBe(true);
    const same = await p.post('users/resetSafetyPassword', {
      oldSafetyPassword: p.safety('482913'),
      newSafetyPassword: p.safety('482913'),
    });
    expect(same.msg).toBe('新密码与旧密码不能一致');
    const changed = await p.post('users/resetSafetyPassword', {
      oldSafetyPassword: p.safety('482913'),
      newSafetyPassword: p.safety('730415'),
    });
    expect(changed.code).toBe(1);
    expect((await p.post('users/verifySafetyPassword', { safetyPassword: p.safety('730415') })).code).toBe(1);
    // forgotten: the login password stands in for the old safety password
    const viaLogin = await p.post('users/resetSafetyPassword', {
      password: passwordDigest(p.userName, 'Abc12345'),
      newSafetyPassword: p.safety('591846'),
    });
    expect(viaLogin.code).toBe(1);
    expect((await p.post('users/verifySafetyPassword', { safetyPassword: p.safety('591846') })).code).toBe(1);
  });

  it('locks after 5 wrong attempts with code -1 and data 10, until the lock expires', async () => {
    const p = await newPlayer();
    await p.post('users/setSafetyPassword', { safetyPassword: p.safety('482913') });
    for (let i = 1; i <= 4; i++) {
      const wrong = await p.post('users/verifySafetyPassword', { safetyPassword: p.safety('000001') });
      expect(wrong).toEqual({ code: -1, msg: `安全密码错误，您还有${5 - i}次机会` });
    }
    const fifth = await p.post('users/verifySafetyPassword', { safetyPassword: p.safety('000001') });
    expect(fifth).toMatchObject({ code: -1, data: 10 });
    const right = await p.post('users/verifySafetyPassword', { safetyPassword: p.safety('482913') });
    expect(right).toMatchObject({
      code: -1,
      data: 10,
      msg: '安全密码错误次数过多，已被锁定，请30分钟后再试',
    });
    clock.advance(30 * 60_000 + 1);
    expect((await p.post('users/verifySafetyPassword', { safetyPassword: p.safety('482913') })).code).toBe(1);
  });

  it('refuses a captured encrypted value once its timestamp is stale', async () => {
    const p = await newPlayer();
    const captured = p.safety('482913');
    clock.advance(6 * 60_000);
    const late = await p.post('users/setSafetyPassword', { safetyPassword: captured });
    expect(late.msg).toBe('安全密码格式不正确，请重新输入');
  });
});

describe('cards and withdrawals', () => {
  async function readyPlayer() {
    const p = await newPlayer();
    await p.post('users/setSafetyPassword', { safetyPassword: p.safety('482913') });
    return p;
  }

  it('binds bank cards with the 10-28 digit, real-name and per-tenant limit rules', async () => {
    const p = await readyPlayer();
    const short = await p.post('users/addBankCard', {
      cardNo: '622202123',
      realName: '张三',
      safetyPassword: p.safety('482913'),
    });
    expect(short).toMatchObject({ code: Codes.BANK_CARD_INVALID.code, msg: '银行卡号须为10-28位数字' });
    const badName = await p.post('users/addBankCard', {
      cardNo: '6222021234567890123',
      realName: 'X',
      safetyPassword: p.safety('482913'),
    });
    expect(badName.msg).toBe('真实姓名格式不正确');
    const wrongSafety = await p.post('users/addBankCard', {
      cardNo: '6222021234567890123',
      realName: '张三',
      safetyPassword: p.safety('111112'),
    });
    expect(wrongSafety.code).toBe(-1);
    expect((await p.get('users/queryBankCardName', { cardNo: '6222021234567890123' })).data).toEqual({
      bankCode: 'ICBC',
      bankName: '中国工商银行',
    });
    const first = await p.post('users/addBankCard', {
      cardNo: '6222021234567890123',
      realName: '张三',
      branch: '北京分行',
      safetyPassword: p.safety('482913'),
    });
    expect(first.data).toMatchObject({
      bankName: '中国工商银行',
      accountNo: '6222 **** **** 0123',
      realName: '张三',
    });
    const otherName = await p.post('users/addBankCard', {
      cardNo: '6228481234567890',
      realName: '李四',
      safetyPassword: p.safety('482913'),
    });
    expect(otherName.msg).toBe('真实姓名须与首次绑定的姓名一致');
    const dup = await p.post('users/addBankCard', {
      cardNo: '6222021234567890123',
      realName: '张三',
      safetyPassword: p.safety('482913'),
    });
    expect(dup.code).toBe(Codes.BANK_CARD_EXISTS.code);
    for (let i = 0; i < 4; i++) {
      const more = await p.post('users/addBankCard', {
        cardNo: `62284812345678${90 + i}`,
        realName: '张三',
        safetyPassword: p.safety('482913'),
      });
      expect(more.code).toBe(1);
    }
    const sixth = await p.post('users/addBankCard', {
      cardNo: '6228481234567899',
      realName: '张三',
      safetyPassword: p.safety('482913'),
    });
    expect(sixth).toMatchObject({ code: Codes.BANK_CARD_LIMIT.code, msg: '最多可绑定5张银行卡' });
    const list = await p.get('users/getBankCardListFront');
    expect(list.data.bankCards).toHaveLength(5);
    expect(list.data.realName).toBe('张三');
    expect((await p.get('users/getFirstLockBankCard')).data.card.id).toBe(first.data.id);
    const edited = await p.post('users/updateBankCardFront', {
      id: first.data.id,
      cardNo: '6217001234567890',
      safetyPassword: p.safety('482913'),
    });
    expect(edited.data).toMatchObject({ bankName: '中国建设银行', accountNo: '6217 **** **** 7890' });
  });

  it('binds Alipay, WeChat and digital-currency accounts', async () => {
    const p = await readyPlayer();
    const ali = await p.post('users/addAlipay', {
      account: 'zhang@example.com',
      realName: '张三',
      safetyPassword: p.safety('482913'),
    });
    expect(ali.data).toMatchObject({ kind: 'alipay' });
    const aliUpdate = await p.post('users/updateAlipay', {
      id: ali.data.id,
      account: '13800138000',
      safetyPassword: p.safety('482913'),
    });
    expect(aliUpdate.code).toBe(1);
    const wx = await p.post('users/addWeixin', {
      account: 'wx_zhang',
      realName: '张三',
      safetyPassword: p.safety('482913'),
    });
    expect(wx.data).toMatchObject({ kind: 'wechat' });
    const badAddress = await p.post('users/addDigitalCurrency', {
      protocol: 'TRC20',
      address: '0x1234',
      safetyPassword: p.safety('482913'),
    });
    expect(badAddress.msg).toBe('钱包地址格式不正确');
    const trc = await p.post('users/addDigitalCurrency', {
      protocol: 'TRC20',
      address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      alias: '我的钱包',
      safetyPassword: p.safety('482913'),
    });
    expect(trc.code).toBe(1);
    const list = await p.get<Json[]>('users/queryDigitalCurrencyList');
    expect(list.data!.map((a) => a.accountNo)).toEqual(['TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE']);
  });

  it('withdraws through escrow: turnover first, then approve pays out and reject returns (201)', async () => {
    const p = await readyPlayer();
    const order = await p.post('transaction/rechargeFrontPaymentRecord', {
      channel: 'alipay',
      amount: '1000',
    });
    await app.inject({ method: 'POST', url: order.data.payUrl, ...form({ action: 'pay' }) });
    expect(await p.balance()).toBe('1010.00');
    const card = await p.post('users/addBankCard', {
      cardNo: '6222021234567890777',
      realName: '张三',
      safetyPassword: p.safety('482913'),
    });
    const withdraw = (amount: string, password = '482913') =>
      p.post('transaction/saveFrontWithdrawRecord', {
        amount,
        accountId: card.data.id,
        safetyPassword: p.safety(password),
      });

    const notWagered = await withdraw('200');
    expect(notWagered.code).toBe(Codes.TURNOVER_NOT_MET.code);
    expect(notWagered.msg).toContain('还需投注1010.00元');
    const flow = await p.get('transaction/getWithdrawLimitFlowList');
    expect(flow.data).toMatchObject({ required: '1010.00', done: '0.00', canWithdraw: false });

    await wager(p, 600n * 10_000n, `bet:${p.userId}:1`);
    expect((await p.get('transaction/getWithdrawLimitFlowList')).data).toMatchObject({
      done: '600.00',
      remaining: '410.00',
    });
    await wager(p, 410n * 10_000n, `bet:${p.userId}:2`);
    expect(await p.balance()).toBe('0.00');
    // winnings to withdraw
    const player = await playerAccount(database.db, p.tenantId, p.userId);
    const house = await houseAccount(database.db, p.tenantId, p.userId);
    await postTransfer(
      database.db,
      {
        idempotencyKey: `win:${p.userId}`,
        typeCode: 205,
        lines: [
          { accountId: house, amountMinor: -5_000_000n },
          { accountId: player, amountMinor: 5_000_000n },
        ],
      },
      clock.now(),
    );
    expect(await p.balance()).toBe('500.00');

    expect((await withdraw('99.99')).msg).toBe('单笔提现金额范围为100.00-50000.00元');
    expect((await withdraw('600')).msg).toBe('余额不足');
    expect((await withdraw('200', '111112')).code).toBe(-1);

    const first = await withdraw('200');
    expect(first.data).toMatchObject({
      amount: '200.00',
      status: 'pending',
      payout: { bankName: '中国工商银行' },
    });
    expect((await p.get('virtualWallet/myBalance')).data).toEqual({
      balance: '300.00',
      frozenBalance: '200.00',
      totalBalance: '500.00',
    });
    const second = await withdraw('150');
    expect(await admin('withdrawals', [])).toContain(first.data.orderNo);
    expect(await admin('withdraw-approve', [first.data.orderNo])).toContain('approved: 200.00 paid out');
    expect(await admin('withdraw-reject', [second.data.orderNo, '--reason', '银行卡信息有误'])).toContain(
      'returned',
    );
    expect(await admin('withdraw-reject', [second.data.orderNo, '--reason', 'again'])).toContain('error');
    expect((await p.get('virtualWallet/myBalance')).data).toEqual({
      balance: '300.00',
      frozenBalance: '0.00',
      totalBalance: '300.00',
    });
    const records = await p.get('transaction/frontWithdrawRecord');
    expect(records.data.rows.map((r: Json) => [r.orderNo, r.status])).toEqual([
      [second.data.orderNo, 'rejected'],
      [first.data.orderNo, 'approved'],
    ]);
    const ledger = await p.get('balance/getTransactionRecordsFront', {
      period: 'today',
      type: 0,
      pageSize: 3,
    });
    expect(ledger.data.rows.map((r: Json) => [r.typeCode, r.amount])).toEqual([
      [201, '150.00'],
      [301, '-150.00'],
      [301, '-200.00'],
    ]);
  });
});

describe('operator', () => {
  it('adjusts a balance with a manual code and reason, and the audit stays clean', async () => {
    const p = await newPlayer();
    expect(
      await admin('balance-adjust', [p.userName, '88.5', '--code', '403', '--reason', '补发奖金']),
    ).toContain('balance now 88.50');
    expect(await admin('balance-adjust', [p.userName, '-100', '--code', '402', '--reason', 'x'])).toContain(
      '余额不足',
    );
    expect(await admin('balance-adjust', [p.userName, '1', '--code', '300', '--reason', 'x'])).toContain(
      '401..423',
    );
    const records = await p.get('balance/getTransactionRecordsFront', { period: 'today', type: 4 });
    expect(records.data.rows[0]).toMatchObject({
      typeCode: 403,
      typeName: '人工加奖',
      amount: '88.50',
      remark: '补发奖金',
    });
    expect(await admin('ledger-audit', [])).toMatch(/^ledger OK/);
    expect((await auditLedger(database.db)).ok).toBe(true);
  });

  it('an adjustment retried with the same --key is applied once', async () => {
    const p = await newPlayer();
    const run = () =>
      admin('balance-adjust', [
        p.userName,
        '10',
        '--code',
        '401',
        '--reason',
        '补单',
        '--key',
        `ticket-${p.userId}`,
      ]);
    expect(await run()).toContain('balance now 10.00');
    expect(await run()).toContain('already applied');
    expect(await p.balance()).toBe('10.00');
    // the same key for a different adjustment is refused, not silently ignored
    expect(
      await admin('balance-adjust', [
        p.userName,
        '20',
        '--code',
        '401',
        '--reason',
        'x',
        '--key',
        `ticket-${p.userId}`,
      ]),
    ).toMatch(/different/);
    expect(await p.balance()).toBe('10.00');
  });
});
