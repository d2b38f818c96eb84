import type { FastifyInstance } from 'fastify';
import { DEFAULT_AVATARS, hashPasswordDigest, insertUser, passwordDigest } from '../auth/index';

/** Test fixtures of the players desk: players made as registration makes them, and matrix samples. */

export const DESK_PASSWORD = 'Desk@2026';

let made = 0;

export interface DeskPlayer {
  userId: number;
  userName: string;
}

/** A player of the test tenant, with a real password (DESK_PASSWORD) when `login` is set. */
export async function deskPlayer(
  app: FastifyInstance,
  options: { registerIp?: string | null; parentId?: number | null; login?: boolean; prefix?: string } = {},
): Promise<DeskPlayer> {
  const tenant = await app.ctx.tenant.get();
  if (!tenant) throw new Error('no test tenant');
  const userName = `${options.prefix ?? 'desk'}${Date.now().toString(36).slice(-4)}${++made}`.slice(0, 16);
  const passwordHash = options.login
    ? await hashPasswordDigest(passwordDigest(userName, DESK_PASSWORD))
    : 'x'.repeat(32);
  const row = await insertUser(app.ctx.db, {
    tenantId: tenant.id,
    userName,
    passwordHash,
    avatar: DEFAULT_AVATARS[0]!,
    parentId: options.parentId ?? null,
    rebate: '0',
    isAgent: false,
    role: 'player',
    grade: 1,
    registerIp: options.registerIp === undefined ? null : options.registerIp,
    now: app.ctx.clock.now(),
  });
  if (!row) throw new Error(`player ${userName} not created`);
  return { userId: row.id, userName: row.userName };
}

type Sample = (target: number) => Record<string, string | number>;

/**
 * Inputs for the role x call matrix (staff/role-matrix.test.ts): every call on one player, and
 * each status change on a fresh active player so that it always changes something.
 */
export async function playersDeskSamples(
  app: FastifyInstance,
  statusCalls = 16,
): Promise<Record<string, Sample>> {
  const main = await deskPlayer(app, { prefix: 'matrix' });
  const fresh: DeskPlayer[] = [];
  for (let i = 0; i < statusCalls; i++) fresh.push(await deskPlayer(app, { prefix: 'mx' }));
  let next = 0;
  const freshId = () => fresh[next++ % fresh.length]!.userId;
  return {
    'players/search': () => ({ by: 'account', q: main.userName }),
    'players/export': () => ({ by: 'account', q: main.userName }),
    'players/detail': () => ({ userId: main.userId }),
    'players/status': () => ({ userId: freshId(), status: 'disabled', reason: 'matrix' }),
    'players/unlock': () => ({ userId: main.userId, reason: 'matrix' }),
    'players/end-sessions': () => ({ userId: main.userId, reason: 'matrix' }),
    'players/notes': () => ({ userId: main.userId }),
    'players/notes/add': () => ({ userId: main.userId, body: 'matrix' }),
    'players/risk': () => ({ userId: main.userId }),
    'players/ledger': () => ({ userId: main.userId, limit: 5 }),
    'players/deposits': () => ({ userId: main.userId, limit: 5 }),
    'players/withdrawals': () => ({ userId: main.userId, limit: 5 }),
    'players/bets': () => ({ userId: main.userId, limit: 5 }),
    'players/chases': () => ({ userId: main.userId, limit: 5 }),
    'players/pledges': () => ({ userId: main.userId, limit: 5 }),
    'players/games': () => ({ userId: main.userId, limit: 5 }),
    'players/records/export': () => ({ userId: main.userId, kind: 'ledger' }),
  };
}
