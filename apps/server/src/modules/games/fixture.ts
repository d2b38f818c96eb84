import type { GameBetResult } from '@lottery/contract/games';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { form, json, passwordDigest, sessionCookie, uniqueName } from '../../test/app';
import { houseAccount, playerAccount, postTransfer } from '../wallet/index';

/** Test helpers of the games tests: a registered player with money (as betting/fixture.ts). */

let funding = 0;
export async function fund(db: Db, tenantId: number, userId: number, amountYuan: number): Promise<void> {
  const amount = BigInt(amountYuan) * 10_000n;
  await postTransfer(
    db,
    {
      idempotencyKey: `test-game-fund:${userId}:${++funding}:${Date.now()}`,
      typeCode: 401,
      lines: [
        { accountId: await houseAccount(db, tenantId, userId), amountMinor: -amount },
        { accountId: await playerAccount(db, tenantId, userId), amountMinor: amount },
      ],
    },
    Date.now(),
  );
}

export async function newPlayer(app: FastifyInstance, fundYuan: number) {
  const userName = uniqueName('gm');
  const res = await app.inject({
    method: 'POST',
    url: '/v1/users/register',
    ...form({ userName, password: passwordDigest(userName, 'Secret@2026') }),
  });
  const body = json<{ userId: number }>(res);
  if (body.code !== 1) throw new Error(`register failed: ${res.body}`);
  const userId = Number(body.data!.userId);
  const tenantId = (await app.ctx.tenant.get())!.id;
  if (fundYuan > 0) await fund(app.ctx.db, tenantId, userId, fundYuan);
  return { cookie: sessionCookie(res), userId, tenantId, userName };
}

/** POST game/bet as the player (a fresh idempotency key unless `key` is given); the parsed envelope. */
export async function placeGameBet(
  app: FastifyInstance,
  player: { cookie: string },
  body: { gameCode: string; roundId: string; area: string; amount: string; key?: string },
) {
  const f = form({
    gameCode: body.gameCode,
    roundId: body.roundId,
    area: body.area,
    amount: body.amount,
    idempotencyKey: body.key ?? `k-${Math.random().toString(36).slice(2, 12)}`,
  });
  return json<GameBetResult>(
    await app.inject({
      method: 'POST',
      url: '/v1/game/bet',
      payload: f.payload,
      headers: { ...f.headers, cookie: player.cookie },
    }),
  );
}
