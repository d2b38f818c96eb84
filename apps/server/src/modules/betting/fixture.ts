import type { BetLine } from '@lottery/contract/betting';
import { formatMoney } from '@lottery/contract/money';
import { lineAmountMinor } from '@lottery/rules/amount';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { findPlay } from '@lottery/rules/plays';
import { seededRandom } from '@lottery/rules/rtp';
import { currentIssue } from '@lottery/rules/schedule';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { form, json, passwordDigest, sessionCookie, uniqueName } from '../../test/app';
import { houseAccount, playerAccount, postTransfer } from '../wallet/index';

/** Test helpers that read like a player: register, get money, build a line, bet. */

export async function newPlayer(
  app: FastifyInstance,
  fundYuan: number,
): Promise<{ cookie: string; userId: number; tenantId: number; userName: string }> {
  const userName = uniqueName('bet');
  const res = await app.inject({
    method: 'POST',
    url: '/v1/users/register',
    ...form({ userName, password: passwordDigest(userName, 'Secret@2026') }),
  });
  const body = json<{ userId: number }>(res);
  if (body.code !== 1) throw new Error(`register failed: ${res.body}`);
  const cookie = sessionCookie(res);
  const userId = Number(body.data!.userId);
  const tenantId = app.ctx.tenant ? (await app.ctx.tenant.get())!.id : 1;
  if (fundYuan > 0) await fund(app.ctx.db, tenantId, userId, fundYuan);
  return { cookie, userId, tenantId, userName };
}

let funding = 0;
export async function fund(db: Db, tenantId: number, userId: number, amountYuan: number): Promise<void> {
  const amount = BigInt(amountYuan) * 10_000n;
  await postTransfer(
    db,
    {
      idempotencyKey: `test-fund:${userId}:${++funding}:${Date.now()}`,
      typeCode: 401,
      lines: [
        { accountId: await houseAccount(db, tenantId, userId), amountMinor: -amount },
        { accountId: await playerAccount(db, tenantId, userId), amountMinor: amount },
      ],
    },
    Date.now(),
  );
}

/** A seeded random in [0,1) so quick picks are repeatable. */
export const seeded = seededRandom;

/** A valid line as the web builds it: counted and priced with packages/rules (base 2 yuan). */
export function line(
  lotteryCode: string,
  mode: string,
  nowMs: number,
  options: {
    bettingNumber?: string;
    multiplier?: number;
    unit?: '1' | '0.1' | '0.01';
    point?: string;
    random?: () => number;
  } = {},
): BetLine {
  const lottery = lotteryByCode(lotteryCode)!;
  const play = findPlay(lottery.family, mode, lottery.resultLength)!;
  const bettingNumber = options.bettingNumber ?? play.quickPick(options.random ?? seeded(7));
  const count = play.count(bettingNumber);
  const multiplier = options.multiplier ?? 1;
  const unit = options.unit ?? '1';
  const amount = lineAmountMinor({
    lotteryCode,
    playDetailCode: `${lotteryCode}${mode}`,
    count,
    multiplier,
    unit,
    baseMinor: 20_000n,
  });
  return {
    lotteryCode,
    playDetailCode: `${lotteryCode}${mode}`,
    bettingNumber,
    bettingCount: count,
    bettingAmount: formatMoney(amount),
    bettingPoint: options.point ?? '0',
    bettingUnit: unit,
    bettingIssue: currentIssue(lottery, nowMs).issue,
    graduationCount: multiplier,
  };
}

export function addBetting(app: FastifyInstance, cookie: string, lines: unknown[], idempotencyKey?: string) {
  const f = form({ bettingData: JSON.stringify(lines), idempotencyKey });
  return app.inject({
    method: 'POST',
    url: '/v1/betting/addBetting',
    payload: f.payload,
    headers: { ...f.headers, cookie },
  });
}
