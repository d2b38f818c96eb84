import { Codes } from '@lottery/contract/codes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  type ChatFixture,
  chatApp,
  chatFixture,
  giveSafetyPassword,
  safetyWire,
  type TestUser,
} from '../chat/testing';

/**
 * Issue 9 restore item: a bank card number belongs to one player of the tenant, on add and on
 * edit, also when the calls race (PostgreSQL in server-pg).
 */
let f: ChatFixture;
let app: FastifyInstance;

beforeAll(async () => {
  f = await chatFixture({ poolSize: 12 });
  app = await chatApp(f);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await f?.close();
});

type Reply = { code: number; msg: string; data?: { id: number; cardNo?: string } };

let ip = 0;
async function post(u: TestUser, path: string, body: Record<string, string | number>) {
  ip += 1;
  const res = await app.inject({
    method: 'POST',
    url: `/v1/${path}`,
    remoteAddress: `10.5.${ip >> 8}.${ip & 255}`,
    payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: u.cookie },
  });
  return res.json() as Reply;
}

async function player(): Promise<TestUser> {
  const u = await addUser(f, { prefix: 'bc' });
  await giveSafetyPassword(f, u);
  return u;
}

let serial = 0;
/** A fresh valid 19-digit card number. */
const cardNo = () =>
  `62220299${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial).padStart(5, '0')}`;

const addCard = (u: TestUser, no: string, realName = '张三') =>
  post(u, 'users/addBankCard', { cardNo: no, realName, safetyPassword: safetyWire(f, u) });
const editCard = (u: TestUser, id: number, no: string) =>
  post(u, 'users/updateBankCardFront', { id, cardNo: no, safetyPassword: safetyWire(f, u) });

describe('bank card numbers are unique across players', () => {
  it('an edit cannot take another player’s card number', async () => {
    const [a, b] = [await player(), await player()];
    const taken = cardNo();
    expect((await addCard(a, taken)).code).toBe(1);
    const own = await addCard(b, cardNo(), '李四');
    expect(own.code).toBe(1);
    const edit = await editCard(b, own.data!.id, taken);
    expect(edit).toMatchObject({ code: Codes.BANK_CARD_EXISTS.code, msg: Codes.BANK_CARD_EXISTS.msg });
    // the player's own number and a fresh one are fine
    expect((await editCard(b, own.data!.id, cardNo())).code).toBe(1);
  });

  it('players racing to add or edit onto one number: exactly one holds it', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => player()));
    const contested = cardNo();
    const own = await Promise.all(players.slice(3).map((u) => addCard(u, cardNo())));
    const replies = await Promise.all([
      ...players.slice(0, 3).map((u) => addCard(u, contested)),
      ...players.slice(3).map((u, i) => editCard(u, own[i]!.data!.id, contested)),
    ]);
    expect(replies.filter((r) => r.code === 1)).toHaveLength(1);
    expect(replies.filter((r) => r.code === Codes.BANK_CARD_EXISTS.code)).toHaveLength(5);
  });
});
