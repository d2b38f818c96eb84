import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { CachedAnswer } from './cached-answer';
import { type CacheChange, changeChannel, onLocalChange, RedisChangeFeed } from './change-feed';
import { ReadCache } from './read-cache';

/** Topic of everything derived from the tenant row and its catalogue (config, lotteries, content). */
export const TENANT_TOPIC = 'tenant';
/** Topic of everything derived from one lottery's draws (results, last result, streaks). */
export const drawTopic = (lotteryCode: string) => `draw:${lotteryCode}`;

/**
 * Safety net for changes nobody announced (a lost Redis message, SQL by hand): no cached read is
 * older than this. Announced changes (draws, the admin CLI) are seen by the very next request.
 */
export const HOT_READ_MAX_AGE_MS = 2000;

/**
 * The hot read calls every page makes (catalogue, tenant config, results, next issue) served from
 * memory (DESIGN.md §10). Dropped by:
 * - draws and admin changes announced on this database handle (change-feed.ts), at once;
 * - the same from other processes through Redis when REDIS_URL is set, at once;
 * - the tenant's stamps moving when TenantCache re-reads the row (every 2 s), for changes made
 *   elsewhere without Redis; and the max age above.
 */
export class HotReads {
  readonly cache: ReadCache;

  constructor(ctx: Pick<AppContext, 'clock'>) {
    this.cache = new ReadCache(() => ctx.clock.now(), HOT_READ_MAX_AGE_MS);
  }

  /** A whole `{code, msg, data}` answer, serialised and compressed once per change. */
  answer(key: string, topic: string, build: () => Promise<unknown>): Promise<CachedAnswer> {
    return this.cache.get(`answer:${key}`, topic, async () => new CachedAnswer(await build()));
  }

  apply(change: CacheChange): void {
    this.cache.invalidate(change.kind === 'tenant' ? TENANT_TOPIC : drawTopic(change.lotteryCode));
  }
}

export async function registerHotReads(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const hot = new HotReads(ctx);
  app.decorate('hotReads', hot);

  const dropTenant = () => {
    ctx.tenant.invalidate();
    hot.cache.invalidate(TENANT_TOPIC);
  };
  const apply = (change: CacheChange) => (change.kind === 'tenant' ? dropTenant() : hot.apply(change));
  ctx.tenant.onStampsChanged(() => hot.cache.invalidate(TENANT_TOPIC));

  const feed = ctx.config.REDIS_URL
    ? await RedisChangeFeed.connect(
        ctx.config.REDIS_URL,
        changeChannel(ctx.config.TENANT_CODE),
        {
          onChange: apply,
          onReconnect: () => {
            ctx.tenant.invalidate();
            hot.cache.clear();
          },
        },
        app.log,
      )
    : undefined;

  const unsubscribe = onLocalChange(ctx.db, (change) => {
    apply(change);
    feed?.publish(change).catch((error: unknown) => {
      app.log.warn({ err: error, change }, 'cache change not published; other processes catch up within 2 s');
    });
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await feed?.close();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    hotReads: HotReads;
  }
}
