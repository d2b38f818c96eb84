import type { FastifyInstance } from 'fastify';
import { form, json } from '../../test/app';
import type { newPlayer } from '../betting/testing';
import { AccountCodes, balanceOf, entryTotals } from '../wallet/index';

export type Player = Awaited<ReturnType<typeof newPlayer>>;

/**
 * The activity tests' calls through the app, as a player (or a visitor, `null`) makes them, and
 * what the ledger holds for the player afterwards.
 */
export function playerCalls(app: () => FastifyInstance) {
  const get = async (p: Player | null, path: string) =>
    json<Record<string, unknown>>(
      await app().inject({ method: 'GET', url: `/v1/${path}`, headers: p ? { cookie: p.cookie } : {} }),
    );
  const post = async (p: Player | null, path: string, fields: Record<string, string | number> = {}) => {
    const body = form(fields);
    const headers = { ...body.headers, ...(p ? { cookie: p.cookie } : {}) };
    return json<Record<string, unknown>>(
      await app().inject({ method: 'POST', url: `/v1/${path}`, payload: body.payload, headers }),
    );
  };
  const balance = (p: Player) => balanceOf(app().ctx.db, p.tenantId, AccountCodes.player(p.userId));
  /** Entries of one ledger type code on the player's account. */
  const ledgerCount = async (p: Player, typeCode: number) =>
    (
      await entryTotals(app().ctx.db, {
        account: { tenantId: p.tenantId, code: AccountCodes.player(p.userId) },
        typeCodes: [typeCode],
      })
    ).entries;
  return { get, post, balance, ledgerCount };
}

/** The turnover figures other modules' tests check a game's valid turnover against. */
export { settledTurnover } from './centre-repo';
export { growthOf } from './repo';
