import { LOTTERY_TYPES } from '@lottery/rules/lotteries';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryOne, queryRows } from '../../db/sql';
import {
  form,
  getAs,
  json,
  passwordDigest,
  postAs,
  sessionCookie,
  testApp,
  uniqueName,
} from '../../test/app';
import { newPlayer } from '../betting/testing';

/**
 * users/userManage per lottery type (docs/agent.md "Member management"): A (8.0, 快三 7.0) →
 * B → P, and a stranger agent X. A raise sets the single figure and, 按彩种设置, types apart; every
 * type stays ≤ the agent's own for it and never drops below the downline's current for it. Each
 * refusal is checked to write nothing (users.rebate and user_type_rebate of the target, read back
 * from the database). Parallel raises of one downline (real parallelism under server-pg) end on
 * the highest asked for each type.
 */

type Account = { cookie: string; userId: number; userName: string };
type Body = {
  code: number;
  msg: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers read field by field
  data?: Record<string, any>;
};
const PASSWORD = 'Secret@2026';
const name = (type: number) => LOTTERY_TYPES.find((t) => t.lotteryType === type)!.name;

describe('users/userManage per lottery type', async () => {
  const { app, database } = await testApp({
    limits: { registerPerIp: 10_000, loginPerIp: 10_000, perAccount: 10_000 },
    scheduler: { lotteries: [] },
  });
  const db = database.db;
  const get = (a: Account, path: string) => getAs<NonNullable<Body['data']>>(app, a, path);
  const post = (a: Account, path: string, fields: Record<string, string | number>) =>
    postAs<NonNullable<Body['data']>>(app, a, path, fields);
  const agent = async (rebate: string, k3?: string): Promise<Account> => {
    const a = await newPlayer(app, 0);
    await db.execute(
      sql`UPDATE users SET is_agent = true, role = 'agent', rebate = ${rebate}::numeric WHERE id = ${a.userId}`,
    );
    if (k3)
      await db.execute(
        sql`INSERT INTO user_type_rebate (user_id, lottery_type, rebate) VALUES (${a.userId}, 1, ${k3}::numeric)`,
      );
    return { cookie: a.cookie, userId: a.userId, userName: '' };
  };
  const open = async (parent: Account, type: 0 | 1, fields: Record<string, string>): Promise<Account> => {
    const userName = uniqueName('rr');
    const opened = await post(parent, 'users/childOpening', {
      userName,
      password: passwordDigest(userName, PASSWORD),
      type,
      ...fields,
    });
    expect(opened.code, opened.msg).toBe(1);
    const res = await app.inject({
      method: 'POST',
      url: '/v1/users/login',
      ...form({ userName, password: passwordDigest(userName, PASSWORD) }),
    });
    expect(json(res).code).toBe(1);
    return { cookie: sessionCookie(res), userId: Number(opened.data!.userId), userName };
  };
  /** What the database holds for a user: its single figure and its overrides. */
  const stored = async (u: Account) => ({
    rebate: (await queryOne<{ r: string }>(
      db,
      sql`SELECT rebate::text AS r FROM users WHERE id = ${u.userId}`,
    ))!.r,
    types: (
      await queryRows<{ t: number; r: string }>(
        db,
        sql`SELECT lottery_type AS t, rebate::text AS r FROM user_type_rebate WHERE user_id = ${u.userId} ORDER BY 1`,
      )
    ).map((r) => `${Number(r.t)}:${Number(r.r).toFixed(1)}`),
  });

  const A = await agent('8.0', '7.0');
  const X = await agent('8.0');
  const B = await open(A, 1, { rebate: '6.0', typeRebates: '1:5.0,4:5.5' });
  const P = await open(B, 0, { rebate: '4.0' });

  it('raises the single figure and the types set apart; the member list shows them', async () => {
    expect(await stored(B)).toEqual({ rebate: '6.0', types: ['1:5.0', '4:5.5'] });
    const r = await post(A, 'users/userManage', { userId: B.userId, rebate: '6.5', typeRebates: '1:6.0' });
    expect(r).toMatchObject({ code: 1, msg: '修改成功' });
    // type 4 was 5.5: it takes the new single figure 6.5, so it is no longer set apart
    expect(r.data).toEqual({
      userId: B.userId,
      rebate: '6.5',
      typeRebates: [{ lotteryType: 1, rebate: '6.0' }],
    });
    expect(await stored(B)).toEqual({ rebate: '6.5', types: ['1:6.0'] });
    const list = await get(A, 'users/userManageList');
    expect(list.data!.rows.find((m: { userId: number }) => m.userId === B.userId)).toMatchObject({
      rebate: '6.5',
      typeRebates: [{ lotteryType: 1, rebate: '6.0' }],
    });
  });

  it('never lowers a type not listed; caps it at the agent own for that type', async () => {
    expect(
      (await post(A, 'users/userManage', { userId: B.userId, rebate: '6.5', typeRebates: '4:7.5' })).code,
    ).toBe(1);
    // 快三 (6.0) is not listed this time: it takes the single figure 6.5 (higher, so allowed)
    expect(await stored(B)).toEqual({ rebate: '6.5', types: ['4:7.5'] });
    // 7.8 for every type: 快三 gets A's own 7.0, type 4 keeps 7.8 (the new figure is above its 7.5)
    const r = await post(A, 'users/userManage', { userId: B.userId, rebate: '7.8' });
    expect(r.data).toEqual({
      userId: B.userId,
      rebate: '7.8',
      typeRebates: [{ lotteryType: 1, rebate: '7.0' }],
    });
    expect(
      (await post(A, 'users/userManage', { userId: B.userId, rebate: '7.8', typeRebates: '4:8.0' })).code,
    ).toBe(1);
    // 7.8 again without a list: type 4 keeps its 8.0, not lowered to 7.8
    const again = await post(A, 'users/userManage', { userId: B.userId, rebate: '7.8' });
    expect(again.data!.typeRebates).toEqual([
      { lotteryType: 1, rebate: '7.0' },
      { lotteryType: 4, rebate: '8.0' },
    ]);
    expect(await stored(B)).toEqual({ rebate: '7.8', types: ['1:7.0', '4:8.0'] });
  });

  it('refuses bad input, other teams and non-direct members; nothing written', async () => {
    const before = await stored(B);
    const pBefore = await stored(P);
    const cases: [Account, Account, Record<string, string>, string][] = [
      [A, B, { rebate: '7.8', typeRebates: '1:7.5' }, `${name(1)}返点不能高于您自己的返点`],
      [A, B, { rebate: '7.8', typeRebates: '4:7.9' }, `${name(4)}返点只能调高，不能低于下级当前的返点`],
      [A, B, { rebate: '7.8', typeRebates: '2:7.7' }, `${name(2)}返点只能调高，不能低于下级当前的返点`],
      [A, B, { rebate: '7.5' }, '返点只能调高，不能低于下级当前的返点'],
      [A, B, { rebate: '8.5' }, '返点不能高于您自己的返点'],
      [A, B, { rebate: '7.8', typeRebates: '17:7.9' }, '彩种类型不正确'],
      [A, B, { rebate: '7.8', typeRebates: '3:7.9,3:7.9' }, '彩种类型不正确'],
      [A, B, { rebate: '7.8', typeRebates: '3:7.95' }, '返点格式不正确，请输入0-99之间最多一位小数的数字'],
      [A, B, { rebate: '7.8', typeRebates: '3=7.9' }, '彩种类型不正确'],
      [X, B, { rebate: '7.9', typeRebates: '3:7.9' }, '该用户不是您的下级'],
      [A, P, { rebate: '4.5', typeRebates: '3:4.5' }, '只能修改直属下级的返点'],
      [P, B, { rebate: '7.9' }, '您还不是代理，无法使用代理功能'],
      [B, A, { rebate: '8.0' }, '该用户不是您的下级'],
    ];
    for (const [caller, target, fields, msg] of cases) {
      const r = await post(caller, 'users/userManage', { userId: target.userId, ...fields });
      expect(r, `${JSON.stringify(fields)} → ${msg}`).toMatchObject({ code: -2, msg });
    }
    expect(await stored(B)).toEqual(before);
    expect(await stored(P)).toEqual(pBefore);
  });

  it("shows a raise on the downline's next getBetRebate, whose figures are kept in memory otherwise", async () => {
    // the clock stands still (ManualClock): only the raise's announcement can refresh them
    const C = await open(B, 0, { rebate: '3.0' });
    const shown = async () => (await get(C, 'betting/getBetRebate?lotteryType=4')).data!;
    const before = await shown();
    expect(before.rebate).toBe('3.0');
    // a figure written behind the cache's back (by hand) is not seen before the 2 s safety net
    await db.execute(sql`UPDATE users SET rebate = 3.2 WHERE id = ${C.userId}`);
    expect((await shown()).rebate).toBe('3.0');
    const raised = await post(B, 'users/userManage', { userId: C.userId, rebate: '3.5' });
    expect(raised.code, raised.msg).toBe(1);
    const after = await shown();
    expect(after.rebate).toBe('3.5');
    // the table is the one for 3.5 %, not the one kept for 3.0 %
    expect(after.group).not.toBe(before.group);
    expect(after.odds).not.toEqual(before.odds);
    // the other player's table on the same figure is the same answer, not C's
    expect((await get(P, 'betting/getBetRebate?lotteryType=4')).data!.rebate).toBe('4.0');
  });

  it('runs parallel raises of one downline one after the other: each type ends on the highest', async () => {
    const asks = ['4.2', '5.0', '4.6', '4.1', '4.8', '4.4'];
    const replies = await Promise.all(
      asks.map((k3, i) =>
        post(B, 'users/userManage', {
          userId: P.userId,
          rebate: '4.0',
          typeRebates: `1:${k3},5:${asks[asks.length - 1 - i]}`,
        }),
      ),
    );
    for (const r of replies) {
      expect([1, -2]).toContain(r.code);
      if (r.code === -2) expect(r.msg).toMatch(/^.+返点只能调高，不能低于下级当前的返点$/);
    }
    const after = await stored(P);
    expect(after.rebate).toBe('4.0');
    // the last raise that succeeded wrote both types; no later raise lowered either
    const won = replies.filter((r) => r.code === 1).map((r) => r.data!.typeRebates);
    expect(won.length).toBeGreaterThan(0);
    const k3 = after.types.find((t) => t.startsWith('1:'))!;
    const t5 = after.types.find((t) => t.startsWith('5:'))!;
    expect(won).toContainEqual([
      { lotteryType: 1, rebate: k3.slice(2) },
      { lotteryType: 5, rebate: t5.slice(2) },
    ]);
    // each success raised both types over the one before it: a sequence, never a lower write
    const k3s = won.map((w: { rebate: string }[]) => Number(w[0]!.rebate));
    const t5s = won.map((w: { rebate: string }[]) => Number(w[1]!.rebate));
    expect(Math.max(...k3s)).toBe(Number(k3.slice(2)));
    expect(Math.max(...t5s)).toBe(Number(t5.slice(2)));
    // and a single raise to the maxima now succeeds, anything lower on either type is refused
    expect(
      (await post(B, 'users/userManage', { userId: P.userId, rebate: '4.0', typeRebates: '1:5.0,5:5.0' }))
        .code,
    ).toBe(1);
    expect(
      await post(B, 'users/userManage', { userId: P.userId, rebate: '4.0', typeRebates: '1:4.9' }),
    ).toMatchObject({ code: -2, msg: `${name(1)}返点只能调高，不能低于下级当前的返点` });
    expect(await stored(P)).toEqual({ rebate: '4.0', types: ['1:5.0', '5:5.0'] });
  });
});
