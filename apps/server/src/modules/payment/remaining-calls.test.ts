import { existsSync } from 'node:fs';
import { Codes } from '@lottery/contract/codes';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
import { json, testApp } from '../../test/app';
import { AccountCodes, auditLedger, balanceOf } from '../wallet/index';
import { YuebaoAccountCodes } from '../yuebao/index';
import { relogin, saver, transferIn, wire, type YuebaoPlayer } from '../yuebao/testing';
import { WALLET_COMMANDS } from './admin-commands';
import { completeDeposit, proofFileOf, rejectWithdraw } from './index';

/**
 * Issue 15's remaining account and wallet calls (docs/api.md "Remaining account and wallet
 * calls"), each through build() + inject: what it answers, bad input, another player's data, and
 * for the money call (frontVirtualWalletPay) parallel payments that must not spend the yuebao twice
 * nor credit an order twice (real races under `--project server-pg`). The ledger audit holds after.
 */
let app: FastifyInstance;
let clock: ManualClock;
let t: Awaited<ReturnType<typeof testApp>>;
type Reply<T = Record<string, unknown>> = { code: number; msg: string; data?: T };

let ipCounter = 0;
/** Each call from its own address: the per-address limits are not what these tests look at. */
const ip = () => `10.77.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;

async function get<T = Record<string, unknown>>(
  p: YuebaoPlayer | null,
  path: string,
  query: Record<string, string | number> = {},
) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await app.inject({
    method: 'GET',
    url: `/v1/${path}${qs ? `?${qs}` : ''}`,
    remoteAddress: ip(),
    headers: p ? { cookie: p.cookie } : {},
  });
  return json<T>(res) as Reply<T>;
}

async function post<T = Record<string, unknown>>(
  p: YuebaoPlayer,
  path: string,
  body: Record<string, string | number>,
) {
  const res = await app.inject({
    method: 'POST',
    url: `/v1/${path}`,
    remoteAddress: ip(),
    payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: p.cookie },
  });
  return json<T>(res) as Reply<T>;
}

async function multipart<T>(
  p: YuebaoPlayer | null,
  path: string,
  fields: Record<string, string>,
  files: Buffer[],
): Promise<Reply<T>> {
  const boundary = '----remaining';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  files.forEach((bytes, i) => {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    );
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await app.inject({
    method: 'POST',
    url: `/v1/${path}`,
    remoteAddress: ip(),
    payload: Buffer.concat(parts),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(p ? { cookie: p.cookie } : {}),
    },
  });
  return json<T>(res) as Reply<T>;
}

const picture = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

const audit = async () => expect((await auditLedger(app.ctx.db)).ok).toBe(true);
const wallet = (p: YuebaoPlayer) => balanceOf(app.ctx.db, p.tenantId, AccountCodes.player(p.userId));
const savings = (p: YuebaoPlayer) => balanceOf(app.ctx.db, p.tenantId, YuebaoAccountCodes.savings(p.userId));

async function order(p: YuebaoPlayer, channel: string, amount: string): Promise<string> {
  const r = await post<{ orderNo: string }>(p, 'transaction/rechargeFrontPaymentRecord', { channel, amount });
  expect(r.code, r.msg).toBe(1);
  return r.data!.orderNo;
}

beforeAll(async () => {
  t = await testApp();
  app = t.app;
  clock = t.clock;
  // 2026-01-15 12:00 Beijing: the demo seed's yuebao is open from that day (as in yuebao.test.ts)
  clock.set(Date.UTC(2026, 0, 15, 4, 0));
});

describe('register settings', () => {
  it('getNewRegisterVerifyFront adds the field rules to getRegisterVerifyFront; getRegisterTypeFront lists account only', async () => {
    const old = await get(null, 'users/getRegisterVerifyFront');
    const next = await get(null, 'users/getNewRegisterVerifyFront');
    expect(next.code).toBe(1);
    expect(next.data).toMatchObject({
      ...old.data,
      userNameRule: '账号为4-20位字母、数字或下划线',
      passwordRule: '密码为6-16位字母、数字或!@#$%^&*',
      userNameMin: 4,
      userNameMax: 20,
      passwordMin: 6,
      passwordMax: 16,
    });
    const types = await get<{ defaultType: string; types: { type: string; enabled: boolean }[] }>(
      null,
      'users/getRegisterTypeFront',
    );
    expect(types.data!.defaultType).toBe('account');
    expect(types.data!.types.filter((t) => t.enabled).map((t) => t.type)).toEqual(['account']);
  });
});

describe('users/checkOldNewUser', () => {
  it('is new until a paid deposit or seven days, for the caller or by name; refuses bad names', async () => {
    const p = await saver(app, 0);
    expect((await get(p, 'users/checkOldNewUser')).data).toEqual({ exists: true, isNewUser: 1 });
    expect((await get(null, 'users/checkOldNewUser', { userName: p.userName })).data).toEqual({
      exists: true,
      isNewUser: 1,
    });
    expect((await get(null, 'users/checkOldNewUser', { userName: 'nobody_here_1' })).data).toEqual({
      exists: false,
      isNewUser: 0,
    });
    expect((await get(null, 'users/checkOldNewUser', { userName: 'a b' })).code).toBe(
      Codes.INVALID_PARAM.code,
    );
    const anonymous = await get(null, 'users/checkOldNewUser');
    expect(anonymous).toMatchObject({ code: -2, msg: '请输入账号' });

    const no = await order(p, 'alipay', '50');
    await completeDeposit(app.ctx.db, no, { providerRef: 'test-old-new', nowMs: clock.now() });
    expect((await get(p, 'users/checkOldNewUser')).data).toEqual({ exists: true, isNewUser: 0 });

    const q = await saver(app, 0);
    const start = clock.now();
    clock.set(start + 7 * 24 * 3_600_000);
    expect((await get(null, 'users/checkOldNewUser', { userName: q.userName })).data!.isNewUser).toBe(0);
    clock.set(start);
  });
});

describe('users/userExperienceData', () => {
  it('answers the VIP standing of getUserUpGradeBonus as experience, and needs a login', async () => {
    expect((await get(null, 'users/userExperienceData')).code).toBe(0);
    const p = await saver(app, 0);
    const fresh = await get(p, 'users/userExperienceData');
    expect(fresh.data).toMatchObject({
      grade: 1,
      gradeName: '青铜',
      experience: '0.00',
      nextGrade: 2,
      nextGradeName: '白银',
      nextExperience: '1000.00',
      needExperience: '1000.00',
      progress: 0,
    });
    const no = await order(p, 'alipay', '600.55');
    await completeDeposit(app.ctx.db, no, { providerRef: 'test-exp', nowMs: clock.now() });
    const after = await get(p, 'users/userExperienceData');
    expect(after.data).toMatchObject({
      experience: '600.55',
      deposit: '600.55',
      needExperience: '399.45',
      progress: 60,
    });
    const standing = await get(p, 'activity/getUserUpGradeBonus');
    expect(standing.data).toMatchObject({ growth: '600.55', nextGrowth: '1000.00', progress: 60 });
  });
});

describe('users/destructionCheckBankCard', () => {
  it('checks, refuses while a withdrawal to the card is in review, then removes it with the safety password', async () => {
    const p = await saver(app, 1000);
    const other = await saver(app, 0);
    const added = await post<{ id: number }>(p, 'users/addBankCard', {
      cardNo: `622202${String(Date.now()).slice(-10)}123`,
      realName: '张三',
      safetyPassword: wire(app, p),
    });
    expect(added.code, added.msg).toBe(1);
    const id = added.data!.id;

    expect((await get(p, 'users/destructionCheckBankCard', { id })).data).toEqual({
      id,
      canRemove: true,
      reason: null,
      hasSafetyPassword: true,
    });
    // another player's card is "not there" for both calls
    expect(await get(other, 'users/destructionCheckBankCard', { id })).toMatchObject({
      code: -2,
      msg: '账户不存在',
    });
    expect(
      await post(other, 'users/destructionCheckBankCard', { id, safetyPassword: wire(app, other) }),
    ).toMatchObject({ code: -2, msg: '账户不存在' });
    expect((await get(p, 'users/destructionCheckBankCard', { id: 'x' })).code).toBe(-2);
    // a wrong safety password removes nothing
    const wrong = await post(p, 'users/destructionCheckBankCard', {
      id,
      safetyPassword: wire(app, p, '975310'),
    });
    expect(wrong.code).not.toBe(1);

    const asked = await post<{ orderNo: string }>(p, 'transaction/saveFrontWithdrawRecord', {
      amount: '100',
      accountId: id,
      safetyPassword: wire(app, p),
    });
    expect(asked.code, asked.msg).toBe(1);
    expect((await get(p, 'users/destructionCheckBankCard', { id })).data).toMatchObject({
      canRemove: false,
      reason: '该银行卡有审核中的提现，暂不能删除',
    });
    expect(
      await post(p, 'users/destructionCheckBankCard', { id, safetyPassword: wire(app, p) }),
    ).toMatchObject({
      code: -2,
      msg: '该银行卡有审核中的提现，暂不能删除',
    });

    await rejectWithdraw(app.ctx.db, asked.data!.orderNo, 'test', clock.now());
    const removed = await post(p, 'users/destructionCheckBankCard', { id, safetyPassword: wire(app, p) });
    expect(removed).toMatchObject({ code: 1, msg: '删除成功', data: { id, remaining: 0 } });
    expect((await get<{ bankCards: unknown[] }>(p, 'users/getBankCardListFront')).data!.bankCards).toEqual(
      [],
    );
    // the withdrawal's record still shows the card as it was
    const records = await get<{ rows: { payout: { bankName: string } }[] }>(
      p,
      'transaction/frontWithdrawRecord',
      {
        period: 'today',
      },
    );
    expect(records.data!.rows[0]!.payout.bankName).toBeTruthy();
    // removed once: a second removal finds nothing
    expect((await post(p, 'users/destructionCheckBankCard', { id, safetyPassword: wire(app, p) })).msg).toBe(
      '账户不存在',
    );
    await audit();
  });
  it('a removal racing a withdrawal to the same card: exactly one of them happens', async () => {
    for (let round = 0; round < 4; round++) {
      const p = await saver(app, 1000);
      const added = await post<{ id: number }>(p, 'users/addBankCard', {
        cardNo: `622202${String(Date.now()).slice(-9)}${round}123`,
        realName: '张三',
        safetyPassword: wire(app, p),
      });
      expect(added.code, added.msg).toBe(1);
      const id = added.data!.id;
      const before = await wallet(p);
      const [removal, withdrawal] = await Promise.all([
        post(p, 'users/destructionCheckBankCard', { id, safetyPassword: wire(app, p) }),
        post(p, 'transaction/saveFrontWithdrawRecord', {
          amount: '100',
          accountId: id,
          safetyPassword: wire(app, p),
        }),
      ]);
      expect(
        [removal.code, withdrawal.code].filter((c) => c === 1),
        `${removal.msg} / ${withdrawal.msg}`,
      ).toHaveLength(1);
      const cards = (await get<{ bankCards: { id: number }[] }>(p, 'users/getBankCardListFront')).data!
        .bankCards;
      if (withdrawal.code === 1) {
        expect(removal.msg).toBe('该银行卡有审核中的提现，暂不能删除');
        expect(cards.map((c) => c.id)).toEqual([id]);
        expect(await wallet(p)).toBe(before - 1_000_000n);
      } else {
        expect(cards).toEqual([]);
        expect(await wallet(p)).toBe(before);
      }
    }
    await audit();
  });
});

describe('users/uploadImage', () => {
  it('re-encodes a 256×256 avatar, makes it the avatar, serves it; refuses non-images and other players’ pictures', async () => {
    const p = await saver(app, 0);
    const other = await saver(app, 0);
    expect((await multipart(null, 'users/uploadImage', {}, [await picture()])).code).toBe(0);
    expect(
      await multipart(p, 'users/uploadImage', {}, [Buffer.from('not a picture at all, just text')]),
    ).toMatchObject({
      code: -2,
      msg: '仅支持 jpg、jpeg、png、gif、bmp 格式的图片',
    });

    const up = await multipart<{ url: string }>(p, 'users/uploadImage', {}, [await picture(900, 300)]);
    expect(up.code, up.msg).toBe(1);
    const url = up.data!.url;
    expect(url).toMatch(/^\/v1\/files\/avatar\/\d{6}\/[A-Za-z0-9_-]{20}\.jpg$/);
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 256]);
    expect((await get<{ avatar: string }>(p, 'users/info')).data!.avatar).toBe(url);
    expect(
      (await app.inject({ method: 'GET', url: '/v1/files/avatar/202601/..%2F..%2Fetc.jpg' })).statusCode,
    ).toBe(404);

    // sending the own picture back unchanged with a nickname is fine; taking another's is not
    expect((await post(p, 'users/infoUpdate', { avatar: url, nickName: 'player_pic1' })).code).toBe(1);
    expect((await post(other, 'users/infoUpdate', { avatar: url })).code).toBe(-2);
  });
});

describe('files/uploadImageFiles and transaction/digitalCurrencyOrderImageCount', () => {
  it('stores up to five proof images per own pending digital-currency order and counts them', async () => {
    const p = await saver(app, 0);
    const other = await saver(app, 0);
    const digital = await order(p, 'digitalcurrencypay', '100');
    expect((await get(p, 'transaction/digitalCurrencyOrderImageCount', { orderNo: digital })).data).toEqual({
      orderNo: digital,
      count: 0,
      max: 5,
    });

    const two = await multipart<{ names: string[]; count: number }>(
      p,
      'files/uploadImageFiles',
      { orderNo: digital },
      [await picture(), await picture(300, 300)],
    );
    expect(two.code, two.msg).toBe(1);
    expect(two.data!.count).toBe(2);
    for (const name of two.data!.names)
      expect(existsSync(proofFileOf(app.ctx.config.DATA_DIR, name))).toBe(true);
    // the operator lists them by order
    const listed = await WALLET_COMMANDS['deposit-proofs']!.run([digital], {
      config: app.ctx.config,
      database: t.database,
    });
    for (const name of two.data!.names) expect(listed).toContain(proofFileOf(app.ctx.config.DATA_DIR, name));
    expect(
      (await get(p, 'transaction/digitalCurrencyOrderImageCount', { orderNo: digital })).data!.count,
    ).toBe(2);

    // four more would make six: refused, nothing stored
    const many = await multipart(p, 'files/uploadImageFiles', { orderNo: digital }, [
      await picture(),
      await picture(),
      await picture(),
      await picture(),
    ]);
    expect(many).toMatchObject({ code: -2, msg: '每笔订单最多上传5张凭证' });
    // a non-image among them: refused before anything is stored
    const bad = await multipart(p, 'files/uploadImageFiles', { orderNo: digital }, [
      await picture(),
      Buffer.from('nope'),
    ]);
    expect(bad.code).toBe(-2);
    expect(
      (await get(p, 'transaction/digitalCurrencyOrderImageCount', { orderNo: digital })).data!.count,
    ).toBe(2);

    // another player's order, another channel, bad order numbers, no login
    expect(
      await get(other, 'transaction/digitalCurrencyOrderImageCount', { orderNo: digital }),
    ).toMatchObject({
      code: -2,
      msg: '订单不存在',
    });
    expect(
      (await multipart(other, 'files/uploadImageFiles', { orderNo: digital }, [await picture()])).msg,
    ).toBe('订单不存在');
    const alipay = await order(p, 'alipay', '100');
    expect((await get(p, 'transaction/digitalCurrencyOrderImageCount', { orderNo: alipay })).msg).toBe(
      '该订单不是数字货币充值订单',
    );
    expect((await get(p, 'transaction/digitalCurrencyOrderImageCount', { orderNo: 'D1' })).code).toBe(-2);
    expect((await multipart(p, 'files/uploadImageFiles', { orderNo: 'x' }, [await picture()])).code).toBe(-2);
    expect(
      (await multipart(null, 'files/uploadImageFiles', { orderNo: digital }, [await picture()])).code,
    ).toBe(0);

    // once the order is paid no more proofs are taken
    await completeDeposit(app.ctx.db, digital, { providerRef: 'test-proof', nowMs: clock.now() });
    expect((await multipart(p, 'files/uploadImageFiles', { orderNo: digital }, [await picture()])).code).toBe(
      Codes.ORDER_STATE_CHANGED.code,
    );
  });
  it('parallel uploads never store more than five proofs for one order', async () => {
    const p = await saver(app, 0);
    const digital = await order(p, 'digitalcurrencypay', '100');
    const pictures = await Promise.all(Array.from({ length: 8 }, () => picture(320, 240)));
    const results = await Promise.all(
      pictures.map((bytes) => multipart(p, 'files/uploadImageFiles', { orderNo: digital }, [bytes])),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(5);
    for (const r of results.filter((r) => r.code !== 1)) expect(r.msg).toBe('每笔订单最多上传5张凭证');
    expect(
      (await get(p, 'transaction/digitalCurrencyOrderImageCount', { orderNo: digital })).data!.count,
    ).toBe(5);
  });
});

describe('transaction/frontVirtualWalletPay', () => {
  it('pays an own pending deposit from yuebao once (ledger 110), replays, refuses others and shortfalls', async () => {
    const p = await saver(app, 200);
    const other = await saver(app, 200);
    expect((await transferIn(app, p, '100')).code).toBe(1);
    const no = await order(p, 'alipay', '60.25');

    const cashier = await get<{ enabled: boolean; yuebaoBalance: string; payable: { orderNo: string }[] }>(
      p,
      'transaction/frontVirtualWalletPay',
    );
    expect(cashier.data).toMatchObject({ enabled: true, yuebaoBalance: '100.0000' });
    expect(cashier.data!.payable.map((o) => o.orderNo)).toContain(no);

    const walletBefore = await wallet(p);
    // another player (right password of their own) cannot pay or see this order
    expect(
      await post(other, 'transaction/frontVirtualWalletPay', {
        orderNo: no,
        safetyPassword: wire(app, other),
      }),
    ).toMatchObject({
      code: -2,
      msg: '订单不存在',
    });
    // a wrong safety password moves nothing
    expect(
      (
        await post(p, 'transaction/frontVirtualWalletPay', {
          orderNo: no,
          safetyPassword: wire(app, p, '975310'),
        })
      ).code,
    ).not.toBe(1);
    expect(
      (await post(p, 'transaction/frontVirtualWalletPay', { orderNo: 'D12', safetyPassword: wire(app, p) }))
        .code,
    ).toBe(-2);

    const paid = await post<{
      order: { status: string; typeCode: number; amount: string };
      yuebaoBalance: string;
      replayed: boolean;
    }>(p, 'transaction/frontVirtualWalletPay', { orderNo: no, safetyPassword: wire(app, p) });
    expect(paid).toMatchObject({
      code: 1,
      msg: '支付成功',
      data: {
        order: { status: 'paid', typeCode: 110, amount: '60.25', bonus: '0.00' },
        yuebaoBalance: '39.7500',
        replayed: false,
      },
    });
    expect(await wallet(p)).toBe(walletBefore + 602_500n);
    expect(await savings(p)).toBe(397_500n);

    const again = await post(p, 'transaction/frontVirtualWalletPay', {
      orderNo: no,
      safetyPassword: wire(app, p),
    });
    expect(again.data).toMatchObject({ replayed: true, yuebaoBalance: '39.7500' });
    expect(await wallet(p)).toBe(walletBefore + 602_500n);

    const tooBig = await order(p, 'alipay', '40');
    expect(
      await post(p, 'transaction/frontVirtualWalletPay', { orderNo: tooBig, safetyPassword: wire(app, p) }),
    ).toMatchObject({
      code: Codes.INSUFFICIENT_BALANCE.code,
    });
    expect(
      (await get<{ status: string }>(p, 'transaction/frontRechargeOrder', { orderNo: tooBig })).data!.status,
    ).toBe('pending');
    // paid from own savings: not a deposit for the new-user test nor for VIP growth
    expect((await get(p, 'users/checkOldNewUser')).data!.isNewUser).toBe(1);
    const records = await get<{ rows: { typeCode: number; amount: string }[] }>(
      p,
      'balance/getTransactionRecordsFront',
      {
        period: 'today',
        type: 110,
      },
    );
    expect(records.data!.rows.some((r) => r.amount === '60.25')).toBe(true);
    await audit();
  });

  it('parallel payments never spend the yuebao twice nor credit one order twice', async () => {
    const p = await saver(app, 500);
    expect((await transferIn(app, p, '100')).code).toBe(1);
    // five orders of 30 against 100 of savings: exactly three can be paid
    const orders: string[] = [];
    for (let i = 0; i < 5; i++) orders.push(await order(p, 'alipay', '30'));
    const walletBefore = await wallet(p);
    const results = await Promise.all(
      orders.map((orderNo) =>
        post(p, 'transaction/frontVirtualWalletPay', { orderNo, safetyPassword: wire(app, p) }),
      ),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(3);
    expect(results.filter((r) => r.code === Codes.INSUFFICIENT_BALANCE.code)).toHaveLength(2);
    expect(await savings(p)).toBe(100_000n);
    expect(await wallet(p)).toBe(walletBefore + 900_000n);

    // one order paid by eight calls at once: one moves money, the others replay it
    const q = await saver(app, 500);
    await relogin(app, q);
    expect((await transferIn(app, q, '100')).code).toBe(1);
    const one = await order(q, 'alipay', '25');
    const qBefore = await wallet(q);
    const same = await Promise.all(
      Array.from({ length: 8 }, () =>
        post<{ replayed: boolean }>(q, 'transaction/frontVirtualWalletPay', {
          orderNo: one,
          safetyPassword: wire(app, q),
        }),
      ),
    );
    expect(same.every((r) => r.code === 1)).toBe(true);
    expect(same.filter((r) => r.data!.replayed === false)).toHaveLength(1);
    expect(await wallet(q)).toBe(qBefore + 250_000n);
    expect(await savings(q)).toBe(750_000n);
    await audit();
  });
});
