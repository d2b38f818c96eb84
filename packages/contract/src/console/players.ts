import { z } from 'zod';
import { bigserialId } from '../ids';
import { consoleEndpoint } from './endpoint';

/**
 * The players desk (issue 40 §6). Reads need `player.read`, status changes `player.status`, notes
 * `player.note`, risk signals `risk.read`. Lists are keyset pages (`cursor` = the last user id of
 * the previous page, newest first); the search also exports CSV with the same filter (streamed,
 * every match). Every change takes a reason and writes one audit row (`player.<verb>`, target
 * `user:<id>`, the account's status before and after) in its own transaction.
 */

export const PLAYER_PAGE_MAX = 200;

const UserId = bigserialId('玩家不存在');
const Reason = z
  .string({ error: '请填写原因（最多200字）' })
  .trim()
  .min(1, '请填写原因（最多200字）')
  .max(200, '请填写原因（最多200字）');

/** What a search looks for: account (exact, or a prefix ending in *), id, phone, e-mail, IP. */
export const PLAYER_SEARCH_KEYS = ['account', 'id', 'phone', 'email', 'ip'] as const;

export const PlayerSearchFilter = z.object({
  by: z.enum(PLAYER_SEARCH_KEYS, { error: '搜索类型无效' }),
  q: z.string({ error: '请输入搜索内容' }).trim().min(1, '请输入搜索内容').max(100, '搜索内容过长'),
});
export const PlayerSearchRequest = PlayerSearchFilter.extend({
  cursor: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(PLAYER_PAGE_MAX).default(50),
});

export const PLAYER_STATUSES = ['active', 'disabled', 'frozen'] as const;
export const PlayerStatus = z.enum(PLAYER_STATUSES);

export const PlayerRow = z.object({
  userId: z.number().int(),
  userName: z.string(),
  nickName: z.string(),
  role: z.string(),
  grade: z.number().int(),
  status: PlayerStatus,
  registerIp: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  lastLoginAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type PlayerRow = z.infer<typeof PlayerRow>;

export const PlayerLogin = z.object({
  /** Epoch ms the session began (a sign-in). */
  at: z.number().int(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Still usable: not revoked and not past its expiry. */
  open: z.boolean(),
});
export type PlayerLogin = z.infer<typeof PlayerLogin>;

export const PlayerDetail = z.object({
  profile: PlayerRow.extend({
    isAgent: z.boolean(),
    /** Rebate point, e.g. "7.5". */
    rebate: z.string(),
    realName: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    failedLogins: z.number().int(),
    /** Epoch ms until which login is refused after wrong passwords; null when not locked. */
    lockedUntil: z.number().int().nullable(),
  }),
  /** Decimal strings of yuan (money codec). */
  balance: z.string(),
  yuebao: z.string(),
  /** From the direct parent to the top agent. */
  upline: z.array(z.object({ userId: z.number().int(), userName: z.string() })),
  /** Every account below this one, at any depth. */
  downlineCount: z.number().int(),
  /** The latest sign-ins, newest first (at most 20). */
  logins: z.array(PlayerLogin),
});
export type PlayerDetail = z.infer<typeof PlayerDetail>;

export const PlayerStatusRequest = z.object({ userId: UserId, status: PlayerStatus, reason: Reason });
export const PlayerActionRequest = z.object({ userId: UserId, reason: Reason });
export const PlayerActionResult = z.object({
  status: PlayerStatus,
  /** Sessions ended by this change. */
  sessionsEnded: z.number().int(),
});

export const PlayerNote = z.object({
  noteId: z.number().int(),
  body: z.string(),
  staffId: z.number().int(),
  staffAccount: z.string(),
  createdAt: z.number().int(),
});
export const PlayerNoteRequest = z.object({
  userId: UserId,
  body: z
    .string({ error: '请填写备注（最多1000字）' })
    .trim()
    .min(1, '请填写备注（最多1000字）')
    .max(1000, '请填写备注（最多1000字）'),
});

export const RISK_LIMIT = 50;

export const PlayerRisk = z.object({
  /** Other accounts seen on one of this player's registration or sign-in IPs (at most RISK_LIMIT). */
  sharedIp: z.array(
    z.object({
      ip: z.string(),
      userId: z.number().int(),
      userName: z.string(),
      /** How the other account used the IP. */
      via: z.enum(['register', 'login']),
    }),
  ),
  /**
   * Other accounts that signed in or registered with one of the device ids of this player's latest
   * sessions (at most RISK_LIMIT). A device id is the web app's random id of a browser (X-Device-Id),
   * not a fingerprint: clearing the browser's data makes a new one.
   */
  sharedDevice: z.array(
    z.object({
      deviceId: z.string(),
      userId: z.number().int(),
      userName: z.string(),
    }),
  ),
  /** Opposite areas of one table-game round (庄/闲, 龙/虎, 红/黑, 大/小, 单/双). */
  hedgedRounds: z.array(
    z.object({
      gameCode: z.string(),
      roundId: z.string(),
      areas: z.array(z.string()),
      /** Decimal string of yuan: the stake on the smaller side (what is hedged). */
      hedgedStake: z.string(),
      at: z.number().int(),
    }),
  ),
  /** Both sides of one two-sided lottery play (大/小, 单/双, 龙/虎) on the same position in one issue. */
  hedgedIssues: z.array(
    z.object({
      lotteryCode: z.string(),
      issue: z.string(),
      playDetailCode: z.string(),
      numbers: z.array(z.string()),
      at: z.number().int(),
    }),
  ),
});
export type PlayerRisk = z.infer<typeof PlayerRisk>;

const ByUser = z.object({ userId: UserId });

const ConsolePlayersCoreApi = {
  search: consoleEndpoint({
    method: 'GET',
    path: 'players/search',
    summary: 'Players by account, id, phone, e-mail or IP, one keyset page',
    access: 'player.read',
    request: PlayerSearchRequest,
    data: z.object({ items: z.array(PlayerRow), nextCursor: z.number().int().nullable() }),
  }),
  searchExport: consoleEndpoint({
    method: 'GET',
    path: 'players/export',
    summary: 'Every player a search finds, as CSV (streamed)',
    access: 'player.read',
    request: PlayerSearchFilter,
    csv: true,
  }),
  detail: consoleEndpoint({
    method: 'GET',
    path: 'players/detail',
    summary: "A player's page: profile, status, money, tree and latest sign-ins",
    access: 'player.read',
    request: ByUser,
    data: PlayerDetail,
  }),
  setStatus: consoleEndpoint({
    method: 'POST',
    path: 'players/status',
    summary: 'Set a player active, disabled or frozen (disabled and frozen end every session)',
    access: 'player.status',
    request: PlayerStatusRequest,
    data: PlayerActionResult,
  }),
  unlock: consoleEndpoint({
    method: 'POST',
    path: 'players/unlock',
    summary: 'Clear the login lockout after wrong passwords',
    access: 'player.status',
    request: PlayerActionRequest,
    data: PlayerActionResult,
  }),
  endSessions: consoleEndpoint({
    method: 'POST',
    path: 'players/end-sessions',
    summary: 'End every session of a player (its next request gets code 0)',
    access: 'player.status',
    request: PlayerActionRequest,
    data: PlayerActionResult,
  }),
  notes: consoleEndpoint({
    method: 'GET',
    path: 'players/notes',
    summary: 'Staff notes on a player, newest first (at most 200)',
    access: 'player.read',
    request: ByUser,
    data: z.object({ items: z.array(PlayerNote) }),
  }),
  addNote: consoleEndpoint({
    method: 'POST',
    path: 'players/notes/add',
    summary: 'Add a staff note to a player (append-only)',
    access: 'player.note',
    request: PlayerNoteRequest,
    data: PlayerNote,
  }),
  risk: consoleEndpoint({
    method: 'GET',
    path: 'players/risk',
    summary: 'Risk signals: accounts sharing an IP or a device, hedged table-game rounds and lottery issues',
    access: 'risk.read',
    request: ByUser,
    data: PlayerRisk,
  }),
} as const;

/** The search CSV's columns, in order (the first line of the export). */
export const PLAYER_CSV_COLUMNS = [
  'user_id',
  'user_name',
  'nick_name',
  'role',
  'grade',
  'status',
  'register_ip',
  'last_login_ip',
  'last_login_time',
  'created_time',
] as const;

// ---- a player's records: keyset pages and CSV -----------------------------------------------------

/**
 * A player's ledger entries, deposits, withdrawals, lottery bets, chases, yuebao pledge orders and
 * table-game bets, newest first. The cursor is
 * `<createdAt>.<id>` of the last row of the previous page (every list is ordered by both, so rows
 * created in the same millisecond are neither skipped nor repeated); null on the last page.
 */
export const PLAYER_RECORD_KINDS = [
  'ledger',
  'deposits',
  'withdrawals',
  'bets',
  'chases',
  'pledges',
  'games',
] as const;
export type PlayerRecordKind = (typeof PLAYER_RECORD_KINDS)[number];

export const RecordCursor = z.string().regex(/^\d{1,15}\.\d{1,15}$/, '参数错误');
export const PlayerRecordsRequest = z.object({
  userId: UserId,
  cursor: RecordCursor.optional(),
  limit: z.coerce.number().int().min(1).max(PLAYER_PAGE_MAX).default(50),
});
export const PlayerRecordsExportRequest = z.object({
  userId: UserId,
  kind: z.enum(PLAYER_RECORD_KINDS, { error: '记录类型无效' }),
});

/** Money as decimal strings of yuan (money codec); times in epoch ms. */
const money = z.string();
const page = <Row extends z.ZodType>(row: Row) =>
  z.object({ items: z.array(row), nextCursor: z.string().nullable() });

export const LedgerRecord = z.object({
  id: z.string(),
  at: z.number().int(),
  /** spec/platform.md §3 type code. */
  typeCode: z.number().int(),
  amount: money,
  balanceAfter: money,
  /** The ledger transaction the entry belongs to: the 账变编号 an adjustment answers (txnId). */
  txnId: z.string(),
});
export const DepositRecord = z.object({
  id: z.string(),
  orderNo: z.string(),
  at: z.number().int(),
  channel: z.string(),
  typeCode: z.number().int(),
  amount: money,
  bonus: money,
  status: z.string(),
  completedAt: z.number().int().nullable(),
});
export const WithdrawalRecord = z.object({
  id: z.string(),
  orderNo: z.string(),
  at: z.number().int(),
  amount: money,
  fee: money,
  status: z.string(),
  reviewedAt: z.number().int().nullable(),
});
export const BetRecord = z.object({
  id: z.string(),
  recordCode: z.string(),
  at: z.number().int(),
  lotteryCode: z.string(),
  issue: z.string(),
  amount: money,
  bonus: money,
  /** 0 open, 1 won, 2 lost, 3 cancelled (betting's BetState). */
  state: z.number().int(),
  chaseId: z.string().nullable(),
  /** The plays of its lines (spec playDetailCode), distinct, in line order. */
  playDetailCodes: z.array(z.string()),
});
export const ChaseRecord = z.object({
  id: z.string(),
  recordCode: z.string(),
  at: z.number().int(),
  lotteryCode: z.string(),
  startIssue: z.string(),
  chaseCount: z.number().int(),
  amount: money,
  stopReason: z.string().nullable(),
  stoppedAt: z.number().int().nullable(),
});

/** A yuebao pledge (质押) order: principal locked for a term at a rate, its terms as at its start. */
export const PledgeRecord = z.object({
  id: z.string(),
  orderNo: z.string(),
  at: z.number().int(),
  productName: z.string(),
  /** The principal. */
  amount: money,
  /** Annual rate, percent ("3.65" = 3.65 %). */
  annualRate: z.string(),
  termDays: z.number().int(),
  startedAt: z.number().int(),
  maturesAt: z.number().int(),
  /** Interest of the whole term, paid at maturity. */
  profit: money,
  /** Kept on an early cancel; null unless cancelled. */
  penalty: money.nullable(),
  autoRenew: z.boolean(),
  /** 1 holding, 2 matured, 3 cancelled early, 4 renewed (yuebao's PLEDGE_STATES). */
  state: z.number().int(),
  settledAt: z.number().int().nullable(),
  /** The order this one renewed, if any. */
  renewedFrom: z.string().nullable(),
});
/** A table-game (棋牌) bet on one area of one round. */
export const GameRecord = z.object({
  id: z.string(),
  at: z.number().int(),
  gameCode: z.string(),
  gameName: z.string(),
  roundId: z.string(),
  area: z.string(),
  areaName: z.string(),
  stake: money,
  /** Taken at placement: the stake, or more where a game risks a multiple of it. */
  debit: money,
  /** Credited at settlement (0 for a loss, the debit for a refund); null while open. */
  payout: money.nullable(),
  /** win | lose | push | halfLost | refund (voided round); null while open. */
  outcome: z.string().nullable(),
  /** 0 open, 1 settled, 3 refunded (voided round). */
  state: z.number().int(),
  settledAt: z.number().int().nullable(),
});

const recordList = <Row extends z.ZodType>(kind: PlayerRecordKind, summary: string, row: Row) =>
  consoleEndpoint({
    method: 'GET',
    path: `players/${kind}`,
    summary,
    access: 'player.read',
    request: PlayerRecordsRequest,
    data: page(row),
  });

export const ConsolePlayerRecordsApi = {
  ledger: recordList('ledger', "A player's ledger entries, one keyset page", LedgerRecord),
  deposits: recordList('deposits', "A player's deposit orders, one keyset page", DepositRecord),
  withdrawals: recordList('withdrawals', "A player's withdrawal orders, one keyset page", WithdrawalRecord),
  bets: recordList('bets', "A player's lottery bets, one keyset page", BetRecord),
  chases: recordList('chases', "A player's chase orders, one keyset page", ChaseRecord),
  pledges: recordList('pledges', "A player's yuebao pledge orders, one keyset page", PledgeRecord),
  games: recordList('games', "A player's table-game bets, one keyset page", GameRecord),
  exportCsv: consoleEndpoint({
    method: 'GET',
    path: 'players/records/export',
    summary: 'Every record of one kind of a player, as CSV (streamed)',
    access: 'player.read',
    request: PlayerRecordsExportRequest,
    csv: true,
  }),
} as const;

/** The row of each kind of record. */
export interface PlayerRecordRows {
  ledger: z.infer<typeof LedgerRecord>;
  deposits: z.infer<typeof DepositRecord>;
  withdrawals: z.infer<typeof WithdrawalRecord>;
  bets: z.infer<typeof BetRecord>;
  chases: z.infer<typeof ChaseRecord>;
  pledges: z.infer<typeof PledgeRecord>;
  games: z.infer<typeof GameRecord>;
}

/**
 * Each kind's CSV columns: the row's fields in order, money in yuan, times in ISO 8601, a list's
 * items separated by spaces.
 */
export const PLAYER_RECORD_CSV_COLUMNS: Record<PlayerRecordKind, readonly string[]> = {
  ledger: Object.keys(LedgerRecord.shape),
  deposits: Object.keys(DepositRecord.shape),
  withdrawals: Object.keys(WithdrawalRecord.shape),
  bets: Object.keys(BetRecord.shape),
  chases: Object.keys(ChaseRecord.shape),
  pledges: Object.keys(PledgeRecord.shape),
  games: Object.keys(GameRecord.shape),
};

/** Every players-desk call (api.ts spreads these into CONSOLE_ENDPOINTS). */
export const ConsolePlayersApi = { ...ConsolePlayersCoreApi, ...ConsolePlayerRecordsApi } as const;
