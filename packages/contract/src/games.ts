import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * Table games (issue 16, docs/games.md): one room per game per tenant, a round every
 * GAME_ROUND_MS (betting → closed → dealing → settled), bets over HTTP (game/bet, crash-safe with
 * an idempotency key), phases and results over the game socket (GET /v1/game/socket). The rules,
 * areas and payouts are the engines' (packages/rules/src/games, docs/games-engine.md).
 */

export const GAME_CODE_LIST = [
  'nn100',
  'dragonTigerWar',
  'redBlackWar',
  'baccarat',
  'benz',
  'sicbo',
] as const;
export type GameCodeName = (typeof GAME_CODE_LIST)[number];

/** Round timing (ms from the round's start). One round every 25 s: 3456 rounds per Beijing day. */
export const GAME_TIMING = {
  bettingMs: 15_000,
  closedMs: 1_000,
  dealingMs: 5_000,
  pauseMs: 4_000,
} as const;
export const GAME_ROUND_MS =
  GAME_TIMING.bettingMs + GAME_TIMING.closedMs + GAME_TIMING.dealingMs + GAME_TIMING.pauseMs;
/** How long a game token authenticates a socket (single use). */
export const GAME_TOKEN_TTL_MS = 60_000;
/** Chips a demo socket starts with (yuan; no money). */
export const DEMO_BALANCE_YUAN = 10_000;

export const GamePhase = z.enum(['betting', 'closed', 'dealing', 'settled']);
export type GamePhase = z.infer<typeof GamePhase>;

export const GameMessages = {
  disabled: '棋牌游戏暂未开放',
  unknownGame: '游戏不存在',
  unknownArea: '投注区域不存在',
  closed: '本局已停止下注，请等待下一局',
  staleRound: '本局已结束，请刷新后重新下注',
  roundId: '局号格式错误',
  amountRule: '投注金额须为正数，最多两位小数',
  belowMin: (min: string) => `单注最低${min}元`,
  aboveMax: (max: string, left: string) => `超过该区域本局限额${max}元，本局还可投${left}元`,
  tokenInvalid: '游戏令牌无效或已过期，请重新进入游戏',
  notFound: '注单不存在',
  keyReused: 'idempotencyKey已用于另一笔投注，本次未投注',
  roundNotFound: '该局不存在或无人投注',
  roundNotSettled: '本局尚未结算，结算后可验证',
  roundVoid: '本局已作废，投注已全额退款，不公布密钥',
  /** The table's notice when a round it shows is voided (the `void` frame). */
  voided: (roundId: string, reason: string) => `第${roundId}局已作废（${reason}），投注已全额退款`,
} as const;

const gameCode = z.enum(GAME_CODE_LIST, { error: GameMessages.unknownGame });
const roundIdSchema = z.string().regex(/^\d{8}-\d{4}$/, GameMessages.roundId);
/** Yuan with at most two decimals (table stakes are whole cents). */
const amountSchema = z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, GameMessages.amountRule);

// ---------------------------------------------------------------------------------------------
// Calls

export const GamePaths = {
  gameListFront: 'game/gameListFront',
  gameDescription: 'game/gameDescription',
  getGameToken: 'game/getGameToken',
  bet: 'game/bet',
  getGameBetData: 'game/getGameBetData',
  getGameBetInfo: 'game/getGameBetInfo',
  getGameRound: 'game/getGameRound',
  socket: 'game/socket',
} as const;

export const roundView = z.object({
  gameCode: z.string(),
  roundId: z.string(),
  phase: GamePhase,
  openMs: z.number(),
  closeMs: z.number(),
  dealMs: z.number(),
  settleMs: z.number(),
  nextOpenMs: z.number(),
  /** The deadline of the current phase. */
  deadlineMs: z.number(),
  /** Spelled result once dealt (cards, dice or wheel), else null. */
  result: z.array(z.string()).nullable(),
});
export type RoundView = z.infer<typeof roundView>;

export const gameListFrontData = z.object({
  enabled: z.boolean(),
  games: z.array(
    z.object({
      gameCode: z.string(),
      gameName: z.string(),
      /** True when the module is on and the room runs rounds. */
      open: z.boolean(),
      round: roundView.nullable(),
    }),
  ),
});

export const gameDescriptionQuery = z.object({ gameCode });
export const gameAreaDescription = z.object({
  code: z.string(),
  name: z.string(),
  pays: z.string(),
  /** Yuan. */
  minBet: z.string(),
  /** Most one player may stake on this area in one round (yuan). */
  maxBet: z.string(),
  /** What the wallet is debited per yuan staked (4 in 百人牛牛, else 1). */
  debitPerStake: z.number().int(),
});
export const gameDescriptionData = z.object({
  gameCode: z.string(),
  gameName: z.string(),
  timing: z.object({
    bettingMs: z.number(),
    closedMs: z.number(),
    dealingMs: z.number(),
    pauseMs: z.number(),
    roundMs: z.number(),
  }),
  areas: z.array(gameAreaDescription),
  rules: z.string(),
});

export const gameTokenQuery = z.object({ gameCode });
export const gameTokenData = z.object({ token: z.string(), expiresMs: z.number(), socketPath: z.string() });

export const gameBetRequest = z.object({
  gameCode,
  roundId: roundIdSchema,
  area: z.string().min(1).max(32),
  amount: amountSchema,
  idempotencyKey: z.string().regex(/^[\w-]{8,64}$/, 'idempotencyKey须为8-64位字母、数字、-或_'),
});
export const gameBetResult = z.object({
  betId: z.string(),
  gameCode: z.string(),
  roundId: z.string(),
  area: z.string(),
  betMoney: z.string(),
  /** What left the wallet (the stake, 4× in 百人牛牛). */
  debitMoney: z.string(),
  balance: z.string(),
  replayed: z.boolean(),
});
export type GameBetResult = z.infer<typeof gameBetResult>;

export const gameBetDataQuery = z.object({
  gameCode: gameCode.optional(),
  period: z.enum(['today', 'yesterday', 'sevenDays']).default('today'),
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const gameBetRow = z.object({
  id: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  roundId: z.string(),
  area: z.string(),
  areaName: z.string(),
  betMoney: z.string(),
  debitMoney: z.string(),
  /** Credited at settlement (stake and winnings), '0.00' on a loss; null until settled. */
  returnMoney: z.string().nullable(),
  /** win | lose | push | halfLost | null (open) | refund. */
  outcome: z.string().nullable(),
  /** 0 open, 1 settled, 3 refunded (voided round). */
  state: z.number().int(),
  gmtCreated: z.number(),
});
export const gameBetData = z.object({
  rows: z.array(gameBetRow),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  betMoney: z.string(),
  returnMoney: z.string(),
  /** returnMoney − debit of settled bets. */
  profit: z.string(),
});

export const gameBetInfoQuery = z.object({ betId: z.coerce.number().int().positive(GameMessages.notFound) });
export const gameBetInfoData = z.object({
  bet: gameBetRow,
  round: z.object({
    gameCode: z.string(),
    roundId: z.string(),
    state: z.string(),
    result: z.array(z.string()).nullable(),
    /** s_k, revealed once the round is settled. */
    secret: z.string().nullable(),
    /** s_(k-1): the previous round's secret or the day's published head. */
    previousSecret: z.string().nullable(),
    chainHead: z.string(),
  }),
});

/** A settled round's published values for /fairness (no login: anyone may verify any round). */
export const gameRoundQuery = z.object({ gameCode, roundId: roundIdSchema });
export const gameRoundData = z.object({
  gameCode: z.string(),
  gameName: z.string(),
  roundId: z.string(),
  /** k: the round's link in the day's chain (s_0 is the head). */
  seq: z.number().int(),
  result: z.array(z.string()),
  secret: z.string(),
  previousSecret: z.string(),
  chainHead: z.string(),
});
export type GameRoundData = z.infer<typeof gameRoundData>;

export const GameApi = {
  gameListFront: endpoint({
    method: 'GET',
    path: GamePaths.gameListFront,
    summary: 'The six table games with their open state and current round',
    data: gameListFrontData,
  }),
  gameDescription: endpoint({
    method: 'GET',
    path: GamePaths.gameDescription,
    summary: 'Rules, areas, payouts, limits and timing of one table game (from the engine)',
    request: gameDescriptionQuery,
    data: gameDescriptionData,
  }),
  getGameToken: endpoint({
    method: 'GET',
    path: GamePaths.getGameToken,
    summary: 'A single-use 60-second token that authenticates the game socket',
    request: gameTokenQuery,
    data: gameTokenData,
    login: true,
  }),
  bet: endpoint({
    method: 'POST',
    path: GamePaths.bet,
    summary: 'A table-game bet on the round in its betting window: debits at once (308), idempotent',
    request: gameBetRequest,
    data: gameBetResult,
    login: true,
  }),
  getGameBetData: endpoint({
    method: 'GET',
    path: GamePaths.getGameBetData,
    summary: 'Own table-game bets of a period, paged, with totals (/ChessRecord)',
    request: gameBetDataQuery,
    data: gameBetData,
    login: true,
  }),
  getGameBetInfo: endpoint({
    method: 'GET',
    path: GamePaths.getGameBetInfo,
    summary: 'One own table-game bet with its round, result and revealed chain secret',
    request: gameBetInfoQuery,
    data: gameBetInfoData,
    login: true,
  }),
  getGameRound: endpoint({
    method: 'GET',
    path: GamePaths.getGameRound,
    summary: "A settled round's result, revealed secret, previous secret and chain head (/fairness)",
    request: gameRoundQuery,
    data: gameRoundData,
  }),
};

// ---------------------------------------------------------------------------------------------
// Socket: GET /v1/game/socket?gameCode=…&token=… (play) or ?gameCode=…&demo=1 (watch, demo bets)

export const GameSocketQuery = z.union([
  z.object({ gameCode, token: z.string().regex(/^[\w-]{20,64}$/) }),
  z.object({ gameCode, demo: z.literal('1') }),
]);

export const gameClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  /** Demo mode only: a bet in play chips, kept in memory on the socket. */
  z.object({
    type: z.literal('demoBet'),
    roundId: roundIdSchema,
    area: z.string().min(1).max(32),
    amount: amountSchema,
  }),
]);
export type GameClientFrame = z.infer<typeof gameClientFrame>;

/** A frame from a client: JSON of gameClientFrame, else null (the socket is closed). */
export function parseGameClientFrame(text: string): GameClientFrame | null {
  if (text.length > 1024) return null;
  try {
    const parsed = gameClientFrame.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const areaOutcome = z.object({ outcome: z.string(), num: z.string(), den: z.string() });

export const gameServerFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    mode: z.enum(['play', 'demo']),
    serverMs: z.number(),
    round: roundView.nullable(),
    history: z.array(z.object({ roundId: z.string(), result: z.array(z.string()) })),
    demoBalance: z.string().nullable(),
  }),
  z.object({ type: z.literal('phase'), serverMs: z.number(), round: roundView }),
  z.object({
    type: z.literal('settled'),
    serverMs: z.number(),
    round: roundView,
    secret: z.string(),
    previousSecret: z.string(),
    outcomes: z.record(z.string(), areaOutcome),
    /** The receiving player's own stake and credit this round (play mode, when he bet). */
    mine: z.object({ betMoney: z.string(), returnMoney: z.string() }).nullable(),
  }),
  /** A round voided before it settled (docs/games.md "Voided rounds"): every open bet refunded (221). */
  z.object({ type: z.literal('void'), serverMs: z.number(), roundId: z.string(), reason: z.string() }),
  z.object({
    type: z.literal('demoBet'),
    ok: z.boolean(),
    msg: z.string(),
    demoBalance: z.string(),
  }),
  z.object({
    type: z.literal('demoSettled'),
    roundId: z.string(),
    betMoney: z.string(),
    returnMoney: z.string(),
    demoBalance: z.string(),
  }),
  z.object({ type: z.literal('pong'), serverMs: z.number() }),
  z.object({ type: z.literal('error'), msg: z.string() }),
]);
export type GameServerFrame = z.infer<typeof gameServerFrame>;
