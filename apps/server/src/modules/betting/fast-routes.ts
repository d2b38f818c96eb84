import { Codes } from '@lottery/contract/codes';
import { ok } from '@lottery/contract/envelope';
import { FastBetApi } from '@lottery/contract/fast-bet';
import { formatMoney } from '@lottery/contract/money';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../errors';
import { route } from '../../http/route';
import { fastRoundOf, placeFastBet } from './fast-bet';
import { rotateSeed, seedView, setClientSeed } from './fast-seeds';

/** betting/addFastBetting (连续开奖) and the instant rounds' fairness calls. Shapes: docs/fairness.md (Instant rounds). */
export async function fastBetRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, FastBetApi.addFastBetting, async (request) => {
    const round = await placeFastBet(ctx, request.user, request.body);
    return ok(
      {
        orderId: round.orderId,
        recordCode: round.recordCode,
        lotteryCode: round.lotteryCode,
        issue: round.issue,
        betMoney: formatMoney(round.amountMinor, 4),
        winMoney: formatMoney(round.bonusMinor, 4),
        rebateMoney: formatMoney(round.rebateMinor, 4),
        openNum: round.numbers.join(','),
        state: round.bonusMinor > 0n ? (2 as const) : (1 as const),
        createdTime: round.createdMs,
        balance: formatMoney(round.balanceMinor, 4),
        serverSeedHash: round.serverSeedHash,
        clientSeed: round.clientSeed,
        nonce: round.nonce,
        replayed: round.replayed,
      },
      '投注成功',
    );
  });

  route(app, FastBetApi.fastSeed, async (request) => ok(await seedView(ctx, request.user)));

  route(app, FastBetApi.setClientSeed, async (request) =>
    ok(await setClientSeed(ctx, request.user, request.body.clientSeed)),
  );

  route(app, FastBetApi.rotateSeed, async (request) => ok(await rotateSeed(ctx, request.user)));

  route(app, FastBetApi.fastRound, async (request) => {
    const round = await fastRoundOf(ctx, request.user, request.query.orderId);
    if (!round) throw DomainError.of(Codes.INVALID_PARAM, '注单不存在');
    return ok(round);
  });
}
