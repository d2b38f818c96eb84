import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
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
import { fund, newPlayer } from '../betting/testing';

/**
 * The agent centre through the app: invite codes (create, list with registrations, delete), the
 * rebate description, child opening, member management and team sums; every refusal (not an
 * agent, rebate above one's own, another agent's code or member, bad input) answers in Chinese and
 * writes nothing. Invariant checked after the scenarios: agent_tree is exactly the transitive
 * closure of users.parent_id. Under `--project server-pg` the concurrent registrations with one
 * code really run in parallel on PostgreSQL.
 */

let app: FastifyInstance;
type Account = { cookie: string; userId: number; tenantId: number; userName: string };
type Body = {
  code: number;
  msg: string;
  data?: Record<string, unknown> & { rows?: Record<string, unknown>[] };
};

const get = (a: Account, path: string) => getAs<NonNullable<Body['data']>>(app, a, path);
const post = (a: Account, path: string, fields: Record<string, string | number>) =>
  postAs<NonNullable<Body['data']>>(app, a, path, fields);

async function register(inviteCode: string, userName = uniqueName('inv')): Promise<Account & { body: Body }> {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/users/register',
    ...form({ userName, password: passwordDigest(userName, 'Secret@2026'), inviteCode }),
  });
  const body = json(res) as Body;
  const tenantId = (await app.ctx.tenant.get())!.id;
  if (body.code !== 1) return { cookie: '', userId: 0, tenantId, userName, body };
  return { cookie: sessionCookie(res), userId: Number(body.data!.userId), tenantId, userName, body };
}

async function makeAgent(rebate: string): Promise<Account> {
  const a = await newPlayer(app, 0);
  await app.ctx.db.execute(sql`UPDATE users SET is_agent = true, role = 'agent', rebate = ${rebate}::numeric
    WHERE id = ${a.userId}`);
  return a;
}

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryOne<{ n: string }>(app.ctx.db, query))!.n);
const userCount = () => count(sql`SELECT count(*)::text AS n FROM users`);
const codeCount = () => count(sql`SELECT count(*)::text AS n FROM invite_codes`);
const parentOf = async (userId: number) =>
  (await queryOne<{ p: string | null }>(
    app.ctx.db,
    sql`SELECT parent_id::text AS p FROM users WHERE id = ${userId}`,
  ))!.p;
const ancestors = async (userId: number) =>
  (
    await queryRows<{ a: string; d: number }>(
      app.ctx.db,
      sql`SELECT ancestor_id::text AS a, depth AS d FROM agent_tree WHERE descendant_id = ${userId} ORDER BY depth`,
    )
  ).map((r) => [Number(r.a), Number(r.d)]);

let agentA: Account;
let agentB: Account;
let player: Account;

beforeAll(async () => {
  const t = await testApp({ limits: { registerPerIp: 10_000 } });
  app = t.app;
  agentA = await makeAgent('8.0');
  agentB = await makeAgent('6.0');
  player = await newPlayer(app, 0);
});

describe('the team tree', () => {
  it('holds the seeded demo chain (backfilled or written by the insert trigger)', async () => {
    const row = await queryOne<{ d: number }>(
      app.ctx.db,
      sql`SELECT t.depth AS d FROM agent_tree t JOIN users a ON a.id = t.ancestor_id JOIN users p ON p.id = t.descendant_id
          WHERE a.user_name = 'agent01' AND p.user_name = 'player01'`,
    );
    expect(row?.d).toBe(1);
  });
});

describe('agent-only calls', () => {
  it('refuse a player on every call, writing nothing', async () => {
    const [users, codes] = [await userCount(), await codeCount()];
    const refusals = [
      await post(player, 'users/createInviteCode', { codeType: 0, rebate: '0' }),
      await get(player, 'users/inviteCode'),
      await post(player, 'users/deleteInviteCode', { id: 1 }),
      await get(player, 'users/rebate'),
      await post(player, 'users/childOpening', {
        userName: uniqueName('kid'),
        password: passwordDigest('x', 'Secret@2026'),
        type: 0,
        rebate: '0',
      }),
      await get(player, 'users/userManageList'),
      await get(player, 'users/teamBalance'),
      await get(player, 'users/teamYuebaoBalance'),
    ];
    for (const r of refusals) expect(r).toMatchObject({ code: -2, msg: '您还不是代理，无法使用代理功能' });
    expect([await userCount(), await codeCount()]).toEqual([users, codes]);
  });

  it('answer a visitor with code 0', async () => {
    const res = json(await app.inject({ method: 'GET', url: '/v1/users/inviteCode' }));
    expect(res.code).toBe(0);
  });
});

describe('invite codes', () => {
  it('refuse a rebate above the own, a malformed rebate and an unknown type, writing nothing', async () => {
    const codes = await codeCount();
    expect(await post(agentA, 'users/createInviteCode', { codeType: 0, rebate: '8.1' })).toMatchObject({
      code: -2,
      msg: '返点不能高于您自己的返点',
    });
    expect(await post(agentA, 'users/createInviteCode', { codeType: 0, rebate: '7.55' })).toMatchObject({
      code: -2,
      msg: '返点格式不正确，请输入0-99之间最多一位小数的数字',
    });
    expect(await post(agentA, 'users/createInviteCode', { codeType: 2, rebate: '1' })).toMatchObject({
      code: -2,
      msg: '邀请码类型不正确',
    });
    // only "0" and "1" are types: nothing else is read as one of them
    for (const codeType of ['', '1e0', ' 1', 'true', '01']) {
      expect(await post(agentA, 'users/createInviteCode', { codeType, rebate: '1' })).toMatchObject({
        code: -2,
        msg: '邀请码类型不正确',
      });
    }
    expect((await get(agentA, 'users/inviteCode?codeType=')).msg).toBe('邀请码类型不正确');
    expect(await codeCount()).toBe(codes);
  });

  it('refuse a name filter outside the account-name characters and bad paging, in words', async () => {
    for (const userName of ['%00', '%25', encodeURIComponent("' or 1=1"), 'a'.repeat(21)]) {
      expect(await get(agentA, `users/userManageList?userName=${userName}`)).toMatchObject({
        code: -2,
        msg: '账号只能包含字母、数字或下划线，最多20位',
      });
      expect(await get(agentA, `users/childReport?userName=${userName}`)).toMatchObject({ code: -2 });
      expect(await get(agentA, `betting/getAgentBetData?userName=${userName}`)).toMatchObject({ code: -2 });
    }
    expect((await get(agentA, 'users/userManageList?pageSize=1000')).msg).toBe('每页条数须为1-100');
    expect((await get(agentA, 'users/userManageList?pageNum=0')).msg).toBe('页码不正确');
    expect((await get(agentA, 'users/userManageList?all=2')).msg).toBe('查询范围不正确');
    expect((await get(agentA, 'users/agentTransactionDetail?type=999')).msg).toBe('账变类型不正确');
  });

  it('register players and agents under the agent with the code rebate, counted per code', async () => {
    const created = await post(agentA, 'users/createInviteCode', { codeType: 0, rebate: '7' });
    expect(created).toMatchObject({
      code: 1,
      msg: '创建成功',
      data: { codeType: 0, rebate: '7.0', registrations: 0 },
    });
    const code = String(created.data!.code);
    expect(code).toMatch(/^\d{8}$/);

    const a1 = await register(code);
    const a2 = await register(code);
    expect(a1.body.code).toBe(1);
    expect(a1.body.data).toMatchObject({ isAgent: false, rebate: '7' });
    expect(await parentOf(a1.userId)).toBe(String(agentA.userId));
    expect(await ancestors(a2.userId)).toEqual([
      [a2.userId, 0],
      [agentA.userId, 1],
    ]);

    const agentCode = await post(agentA, 'users/createInviteCode', { codeType: 1, rebate: '8.0' });
    const sub = await register(String(agentCode.data!.code));
    expect(sub.body.data).toMatchObject({ isAgent: true, rebate: '8' });
    // the sub-agent's own code places a third level under A
    const subCode = await post(sub, 'users/createInviteCode', { codeType: 0, rebate: '5.5' });
    const grandchild = await register(String(subCode.data!.code));
    expect(await ancestors(grandchild.userId)).toEqual([
      [grandchild.userId, 0],
      [sub.userId, 1],
      [agentA.userId, 2],
    ]);

    const list = await get(agentA, 'users/inviteCode');
    const byCode = new Map(list.data!.rows!.map((r) => [r.code, r.registrations]));
    expect(byCode.get(code)).toBe(2);
    expect(byCode.get(String(agentCode.data!.code))).toBe(1);
    // only A's codes, and the sub-agent's code is not among them
    expect(byCode.has(String(subCode.data!.code))).toBe(false);
    const agentsOnly = await get(agentA, 'users/inviteCode?codeType=1');
    expect(agentsOnly.data!.rows!.map((r) => r.code)).toEqual([agentCode.data!.code]);
  });

  it('delete only own codes; a deleted code registers nobody', async () => {
    const created = await post(agentA, 'users/createInviteCode', { codeType: 0, rebate: '1.5' });
    const id = Number(created.data!.id);
    expect(await post(agentB, 'users/deleteInviteCode', { id })).toMatchObject({
      code: -2,
      msg: '邀请码不存在',
    });
    expect((await get(agentA, 'users/inviteCode')).data!.rows!.some((r) => r.id === id)).toBe(true);
    expect(await post(agentA, 'users/deleteInviteCode', { id })).toMatchObject({ code: 1, msg: '删除成功' });
    expect((await get(agentA, 'users/inviteCode')).data!.rows!.some((r) => r.id === id)).toBe(false);
    expect(await post(agentA, 'users/deleteInviteCode', { id })).toMatchObject({
      code: -2,
      msg: '邀请码不存在',
    });
    const users = await userCount();
    expect((await register(String(created.data!.code))).body).toMatchObject({ code: -2, msg: '邀请码无效' });
    expect(await userCount()).toBe(users);
  });
});

describe('users/rebate', () => {
  it('lists the levels up to the own rebate and the odds of a level per lottery type', async () => {
    const all = await get(agentB, 'users/rebate');
    expect(all.code).toBe(1);
    const data = all.data as {
      rebate: string;
      levels: { rebate: string; group: number }[];
      types: unknown[];
      table: null;
    };
    expect(data.rebate).toBe('6.0');
    expect(data.types).toHaveLength(16);
    expect(data.levels).toHaveLength(61);
    expect(data.levels[0]).toEqual({ rebate: '6.0', group: 1820 });
    expect(data.levels.at(-1)).toEqual({ rebate: '0.0', group: 1700 });
    expect(data.table).toBeNull();

    const k3 = (await get(agentB, 'users/rebate?lotteryType=1&rebate=5.0')).data as {
      table: { group: number; odds: { bonus: string }[] };
    };
    const k3Low = (await get(agentB, 'users/rebate?lotteryType=1&rebate=0')).data as typeof k3;
    expect(k3.table.group).toBe(1800);
    expect(k3.table.odds.length).toBeGreaterThan(0);
    // a higher rebate pays more on the same play
    expect(Number(k3.table.odds[0]!.bonus)).toBeGreaterThan(Number(k3Low.table.odds[0]!.bonus));
    expect((await get(agentB, 'users/rebate?lotteryType=9')).data!.table).toBeNull();
    expect(await get(agentB, 'users/rebate?lotteryType=1&rebate=6.1')).toMatchObject({
      code: -2,
      msg: '返点不能高于您自己的返点',
    });
    expect((await get(agentB, 'users/rebate?lotteryType=17')).code).toBe(-2);
  });
});

describe('child opening', () => {
  it('opens a downline that can sign in, placed in the tree', async () => {
    const userName = uniqueName('kid');
    const res = await post(agentB, 'users/childOpening', {
      userName,
      password: passwordDigest(userName, 'Child@2026'),
      type: 1,
      rebate: '5.5',
    });
    expect(res).toMatchObject({ code: 1, msg: '开户成功', data: { userName, isAgent: true, rebate: '5.5' } });
    const childId = Number(res.data!.userId);
    expect(await ancestors(childId)).toEqual([
      [childId, 0],
      [agentB.userId, 1],
    ]);
    const login = json(
      await app.inject({
        method: 'POST',
        url: '/v1/users/login',
        ...form({ userName, password: passwordDigest(userName, 'Child@2026') }),
      }),
    );
    expect(login).toMatchObject({ code: 1, data: { userName, isAgent: true } });
  });

  it('refuses a rebate above the own, a taken name and bad input, writing nothing', async () => {
    const users = await userCount();
    const name = uniqueName('kid');
    const digest = passwordDigest(name, 'Child@2026');
    expect(
      await post(agentB, 'users/childOpening', { userName: name, password: digest, type: 0, rebate: '6.5' }),
    ).toMatchObject({ code: -2, msg: '返点不能高于您自己的返点' });
    expect(
      await post(agentB, 'users/childOpening', {
        userName: player.userName,
        password: digest,
        type: 0,
        rebate: '1',
      }),
    ).toMatchObject({ code: -2, msg: '该账号已被注册' });
    expect(
      await post(agentB, 'users/childOpening', { userName: 'a b', password: digest, type: 0, rebate: '1' }),
    ).toMatchObject({ code: -2, msg: '账号为4-20位字母、数字或下划线' });
    expect(
      await post(agentB, 'users/childOpening', { userName: name, password: 'plain', type: 0, rebate: '1' }),
    ).toMatchObject({ code: -2, msg: '密码格式不正确' });
    expect(
      await post(agentB, 'users/childOpening', { userName: name, password: digest, type: 3, rebate: '1' }),
    ).toMatchObject({ code: -2, msg: '开户类型不正确' });
    expect(await userCount()).toBe(users);
  });
});

describe('member management', () => {
  let team: Account;
  let kids: number[];

  beforeAll(async () => {
    team = await makeAgent('7.0');
    kids = [];
    for (const [i, rebate] of ['1.0', '2.0', '3.0'].entries()) {
      const userName = `mm${Date.now().toString(36).slice(-5)}k${i}`;
      const res = await post(team, 'users/childOpening', {
        userName,
        password: passwordDigest(userName, 'Child@2026'),
        type: i === 0 ? 1 : 0,
        rebate,
      });
      kids.push(Number(res.data!.userId));
    }
    // a grandchild below the first (agent) child: registered alone, then moved there
    const subName = uniqueName('grand');
    await app.ctx.db.execute(sql`UPDATE users SET last_login_at = 1234 WHERE id = ${kids[1]!}`);
    const grand = await register('', subName);
    await app.ctx.db.execute(sql`UPDATE users SET parent_id = ${kids[0]!} WHERE id = ${grand.userId}`);
    kids.push(grand.userId);
    await fund(app.ctx.db, team.tenantId, kids[1]!, 100);
    await fund(app.ctx.db, team.tenantId, kids[2]!, 25);
    await fund(app.ctx.db, team.tenantId, grand.userId, 7);
    await fund(app.ctx.db, team.tenantId, team.userId, 1000); // the agent's own money is not the team's
  });

  it('lists direct downlines, the whole team with a flag, by name, paged', async () => {
    const direct = await get(team, 'users/userManageList');
    expect(direct.code).toBe(1);
    expect(direct.data!.total).toBe(3);
    expect(direct.data!.rows!.map((r) => r.userId)).toEqual([kids[2], kids[1], kids[0]]);
    const second = direct.data!.rows!.find((r) => r.userId === kids[1]);
    expect(second).toMatchObject({
      balance: '100.00',
      lastLoginAt: 1234,
      status: 'active',
      depth: 1,
      rebate: '2.0',
    });
    expect(direct.data!.rows!.find((r) => r.userId === kids[0])).toMatchObject({
      isAgent: true,
      teamCount: 1,
    });

    const all = await get(team, 'users/userManageList?all=1');
    expect(all.data!.total).toBe(4);
    expect(all.data!.rows!.find((r) => r.userId === kids[3])).toMatchObject({ depth: 2, balance: '7.00' });

    const paged = await get(team, 'users/userManageList?all=1&pageSize=3&pageNum=2');
    expect(paged.data!.rows).toHaveLength(1);
    expect(paged.data!.total).toBe(4);
    const past = await get(team, 'users/userManageList?all=1&pageSize=3&pageNum=5');
    expect(past.data).toMatchObject({ rows: [], total: 4 });

    const name = String(second!.userName);
    const found = await get(team, `users/userManageList?all=1&userName=${name.slice(-4).toUpperCase()}`);
    expect(found.data!.rows!.map((r) => r.userId)).toContain(kids[1]);
    // `_` is a name character, matched as itself (never a LIKE wildcard); `%` is refused
    const none = await get(team, 'users/userManageList?all=1&userName=_');
    expect(none.data!.total).toBe(0);
    expect((await get(team, 'users/userManageList?all=1&userName=%25')).code).toBe(-2);

    const below = await get(team, `users/userManageList?userId=${kids[0]}`);
    expect(below.data!.rows!.map((r) => r.userId)).toEqual([kids[3]]);
  });

  it('sums the team wallets and yuebao balances, the agent itself excluded', async () => {
    expect((await get(team, 'users/teamBalance')).data).toEqual({ balance: '132.00', members: 4 });
    expect((await get(team, `users/teamBalance?userId=${kids[0]}`)).data).toEqual({
      balance: '7.00',
      members: 1,
    });
    expect((await get(team, 'users/teamYuebaoBalance')).data).toEqual({
      balance: '0.00',
      pledgeAmount: '0.00',
      members: 4,
    });
  });

  it('refuses another agent any member outside its own team (IDOR)', async () => {
    for (const path of [
      `users/userManageList?userId=${kids[0]}`,
      `users/teamBalance?userId=${kids[0]}`,
      `users/teamYuebaoBalance?userId=${kids[1]}`,
      `users/userManageList?userId=${team.userId}`,
    ]) {
      expect(await get(agentB, path)).toMatchObject({ code: -2, msg: '该用户不是您的下级' });
    }
    // and a downline cannot look up at its agent
    const subAgent = kids[0]!;
    expect(await parentOf(subAgent)).toBe(String(team.userId));
    expect(
      (await get(agentB, 'users/userManageList')).data!.rows!.some((r) => kids.includes(Number(r.userId))),
    ).toBe(false);
  });
});

describe('concurrent registrations with one code', () => {
  it('place every new user under the agent once and count each', async () => {
    const agent = await makeAgent('5.0');
    const created = await post(agent, 'users/createInviteCode', { codeType: 0, rebate: '4.0' });
    const code = String(created.data!.code);
    const N = 12;
    const results = await Promise.all(Array.from({ length: N }, () => register(code)));
    expect(results.map((r) => r.body.code)).toEqual(Array(N).fill(1));
    const list = await get(agent, 'users/inviteCode');
    expect(list.data!.rows!.find((r) => r.code === code)!.registrations).toBe(N);
    const team = await get(agent, 'users/userManageList?pageSize=100');
    expect(team.data!.total).toBe(N);
    expect(new Set(team.data!.rows!.map((r) => r.userId))).toEqual(new Set(results.map((r) => r.userId)));
  });
});

describe('the closure invariant', () => {
  it('agent_tree equals the transitive closure of users.parent_id, also after a move', async () => {
    // move agent B under agent A: B's whole team follows
    await app.ctx.db.execute(sql`UPDATE users SET parent_id = ${agentA.userId} WHERE id = ${agentB.userId}`);
    const bTeam = await get(agentA, `users/userManageList?userId=${agentB.userId}`);
    expect(bTeam.code).toBe(1);
    // a cycle is refused
    await expect(
      app.ctx.db.execute(sql`UPDATE users SET parent_id = ${agentB.userId} WHERE id = ${agentA.userId}`),
    ).rejects.toThrow();
    const diff = await queryOne<{ n: string }>(
      app.ctx.db,
      sql`WITH RECURSIVE up (descendant_id, ancestor_id, depth) AS (
            SELECT id, id, 0 FROM users
            UNION ALL
            SELECT up.descendant_id, u.parent_id, up.depth + 1 FROM up JOIN users u ON u.id = up.ancestor_id
            WHERE u.parent_id IS NOT NULL AND up.depth < 1000
          ), expected AS (SELECT ancestor_id, descendant_id, depth FROM up)
          SELECT count(*)::text AS n FROM (
            (SELECT * FROM expected EXCEPT SELECT ancestor_id, descendant_id, depth FROM agent_tree)
            UNION ALL
            (SELECT ancestor_id, descendant_id, depth FROM agent_tree EXCEPT SELECT * FROM expected)
          ) d`,
    );
    expect(Number(diff!.n)).toBe(0);
    expect(await count(sql`SELECT count(*)::text AS n FROM agent_tree WHERE depth = 0`)).toBe(
      await userCount(),
    );
  });
});
