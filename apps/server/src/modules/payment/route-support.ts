import { Codes } from '@lottery/contract/codes';
import { parseMoney } from '@lottery/contract/money';
import type { Period } from '@lottery/contract/wallet';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../context';
import { DomainError } from '../../errors';
import { verifySafetyPassword } from '../security/index';
import { periodRange } from '../wallet/index';
import { ensureWalletDefaults } from './settings';

const MINUTE = 60_000;

type Ctx = FastifyInstance['ctx'];
/** A request of a `login: true` endpoint (http/route.ts): its user is certain. */
type Signed = { user: SessionUser };

/** What the deposit, withdrawal and payout-account routes share: the player, money, limits, pages. */
export interface PaymentRouteKit {
  /** The session user, with the tenant's wallet configuration in place. */
  player(request: Signed): Promise<SessionUser>;
  /** Card and account changes need the safety password, which must have been set first. */
  requireSafety(request: Signed, wire: string): Promise<SessionUser>;
  /** A positive amount of yuan with at most two decimals, in minor units. */
  money(text: string): bigint;
  /** A route's rate limit: this many calls per minute per client. */
  limited(max: number): { config: { rateLimit: { max: number; timeWindow: number } } };
  /** One page of the player's orders of a period (deposits or withdrawals), as both lists answer. */
  ordersOfPeriod<Order, View>(
    userId: number,
    q: { period: Period; pageNum: number; pageSize: number },
    list: (
      db: Ctx['db'],
      filter: { userId: number; fromMs: number; toMs: number },
      page: { limit: number; offset: number },
    ) => Promise<{ rows: Order[]; total: number }>,
    view: (order: Order) => View,
  ): Promise<{ rows: View[]; total: number; pageNum: number; pageSize: number }>;
}

export function paymentRouteKit(ctx: Ctx): PaymentRouteKit {
  const production = ctx.config.NODE_ENV === 'production';
  const prepared = new Set<number>();
  async function player(request: Signed) {
    const { user } = request;
    if (!prepared.has(user.tenantId)) {
      await ensureWalletDefaults(ctx.db, user.tenantId, production);
      prepared.add(user.tenantId);
    }
    return user;
  }
  return {
    player,
    async requireSafety(request, wire) {
      const user = await player(request);
      await verifySafetyPassword(ctx.db, user, wire, ctx.clock.now());
      return user;
    },
    money(text) {
      const minor = parseMoney(text, 2);
      if (minor <= 0n) throw DomainError.of(Codes.INVALID_PARAM, '金额必须大于0');
      return minor;
    },
    limited: (max) => ({ config: { rateLimit: { max, timeWindow: MINUTE } } }),
    async ordersOfPeriod(userId, q, list, view) {
      const range = periodRange(q.period, ctx.clock.now());
      const page = await list(
        ctx.db,
        { userId, fromMs: range.fromMs, toMs: range.toMs },
        { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize },
      );
      return { rows: page.rows.map(view), total: page.total, pageNum: q.pageNum, pageSize: q.pageSize };
    },
  };
}
