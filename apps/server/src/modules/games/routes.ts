import { ok } from '@lottery/contract/envelope';
import { GAME_CODE_LIST, GAME_ROUND_MS, GAME_TIMING, GameApi, GamePaths } from '@lottery/contract/games';
import { formatMoney } from '@lottery/contract/money';
import { TABLE_GAMES } from '@lottery/rules/games/catalogue';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { areaMaxMinor, MIN_BET_MINOR } from './limits';
import { assertGamesEnabled, gamesEnabledOf, placeGameBet } from './placer';
import { ownGameBet, ownGameBets, publishedRound } from './records';
import { findRound, roundViewOf } from './rounds';
import { phaseAt, roundAt, viewOf } from './schedule';
import { issueGameToken } from './tokens';

/** The table games' calls (docs/games.md "Calls"). Every call answers 棋牌游戏暂未开放 while the module is off. */

const RULES: Record<string, string> = {
  nn100:
    '庄家与天、地、玄、黄四门各发五张牌比牛，各门单独与庄家比较；赢家牌型定倍数（无牛至牛6×1，牛7-牛9×2，牛牛×3，五小牛/炸弹/五花牛×4），闲家赢扣5%佣金；下注时冻结4倍本金。',
  dragonTigerWar:
    '龙、虎各发一张牌比点数（A最小，K最大，不比花色）；点数相同为和，押龙/虎和局退还一半本金，和赔8倍。',
  redBlackWar:
    '红、黑各发三张牌比牌型（豹子>顺金>金花>顺子>对子>散牌）；红/黑赢1赔0.95；幸运一击看赢方牌型（对子9-A 1赔1，顺子2，金花3，顺金5，豹子10）。',
  baccarat:
    '八副牌，闲庄按补牌规则最多各三张，点数接近9者胜；庄赢1赔0.95，闲1赔1，和1赔8（和局庄闲退还本金），庄对/闲对1赔11。',
  benz: '125格转盘，按格位概率开出八种车标之一，押中按倍数返还（含本金）：大保时捷40倍、大宝马20倍、大奔驰15倍、大大众10倍、小车标各5倍。',
  sicbo:
    '三颗骰子：大(11-17)/小(4-10)与单/双1赔1，遇围骰通杀；点数、单骰、对子、围骰(1赔180)、全围(1赔30)各按赔率表派彩。',
};

export default async function gameRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, GameApi.gameListFront, async () => {
    const tenant = await ctx.tenant.get();
    const enabled = tenant ? gamesEnabledOf(tenant.config) : false;
    const nowMs = ctx.clock.now();
    const times = roundAt(nowMs);
    const games = [];
    for (const code of GAME_CODE_LIST) {
      const stored = enabled && tenant ? await findRound(ctx.db, tenant.id, code, times.roundId) : undefined;
      games.push({
        gameCode: code,
        gameName: TABLE_GAMES[code].name,
        open: enabled,
        round: !enabled
          ? null
          : stored
            ? roundViewOf(stored)
            : viewOf(code, times, phaseAt(times, nowMs), null),
      });
    }
    return ok({ enabled, games });
  });

  route(app, GameApi.gameDescription, async (request) => {
    await assertGamesEnabled(ctx);
    const game = TABLE_GAMES[request.query.gameCode];
    return ok({
      gameCode: game.code,
      gameName: game.name,
      timing: { ...GAME_TIMING, roundMs: GAME_ROUND_MS },
      areas: game.areas.map((a) => ({
        code: a.code,
        name: a.name,
        pays: a.pays,
        minBet: formatMoney(MIN_BET_MINOR),
        maxBet: formatMoney(areaMaxMinor(a.code)),
        debitPerStake: Number(game.debitMinor(a.code, MIN_BET_MINOR) / MIN_BET_MINOR),
      })),
      rules: RULES[game.code] ?? '',
    });
  });

  route(app, GameApi.getGameToken, async (request) => {
    await assertGamesEnabled(ctx);
    const { token, expiresMs } = await issueGameToken(
      ctx.db,
      request.user,
      request.query.gameCode,
      ctx.clock.now(),
    );
    return ok({ token, expiresMs, socketPath: `/v1/${GamePaths.socket}` });
  });

  route(app, GameApi.bet, async (request) => {
    const bet = await placeGameBet(ctx, request.user, request.body);
    return ok(
      {
        betId: bet.betId,
        gameCode: bet.gameCode,
        roundId: bet.roundId,
        area: bet.area,
        betMoney: formatMoney(bet.stakeMinor),
        debitMoney: formatMoney(bet.debitMinor),
        balance: formatMoney(bet.balanceMinor),
        replayed: bet.replayed,
      },
      '投注成功',
    );
  });

  route(app, GameApi.getGameBetData, async (request) => {
    await assertGamesEnabled(ctx);
    return ok(await ownGameBets(ctx, request.user, request.query));
  });

  route(app, GameApi.getGameBetInfo, async (request) => {
    await assertGamesEnabled(ctx);
    return ok(await ownGameBet(ctx, request.user, request.query.betId));
  });

  route(app, GameApi.getGameRound, async (request) => {
    const tenant = await ctx.tenant.get();
    return ok(await publishedRound(ctx.db, tenant?.id ?? 0, request.query.gameCode, request.query.roundId));
  });
}
