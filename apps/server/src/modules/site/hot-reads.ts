import { type Endpoint, successEnvelope } from '@lottery/contract/endpoint';
import type { Envelope } from '@lottery/contract/envelope';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { wholeReply } from '../../http/compilers';
import { route } from '../../http/route';
import { CachedAnswer } from './cached-answer';
import { type CacheChange, changeChannel, onLocalChange, RedisChangeFeed } from './change-feed';
import { ReadCache } from './read-cache';
import type { ServerPages } from './server-pages';

/** Topic of everything derived from the tenant row and its catalogue (config, lotteries, content). */
export const TENANT_TOPIC = 'tenant';
/** Topic of everything derived from one lottery's draws (results, last result, streaks). */
export const drawTopic = (lotteryCode: string) => `draw:${lotteryCode}`;
/** Topic of the players' own rebate figures (`players`), dropped by a rebate change. */
export const REBATE_TOPIC = 'rebate';
/**
 * Players whose values are kept: past that the oldest stored is dropped (an entry is a few numbers;
 * the bound keeps a crowd of sign-ins from growing memory).
 */
export const PLAYER_ENTRIES_KEPT = 50_000;

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
  /** Per-player values (their rebate figures), bounded by PLAYER_ENTRIES_KEPT. */
  readonly players: ReadCache;
  private readonly production: boolean;

  constructor(
    ctx: Pick<AppContext, 'clock' | 'config'>,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.cache = new ReadCache(() => ctx.clock.now(), HOT_READ_MAX_AGE_MS);
    this.players = new ReadCache(() => ctx.clock.now(), HOT_READ_MAX_AGE_MS, PLAYER_ENTRIES_KEPT);
    this.production = ctx.config.NODE_ENV === 'production';
  }

  /**
   * A whole `{code, msg, data}` answer, serialised and compressed once per change: by `data`, the
   * endpoint's data schema, as route()'s serializer would (without one, as JSON).
   */
  answer(key: string, topic: string, build: () => Promise<unknown>, data?: z.ZodType): Promise<CachedAnswer> {
    return this.cache.get(
      `answer:${key}`,
      topic,
      async () => new CachedAnswer(this.serialise(await build(), data)),
    );
  }

  /**
   * Like the route serializer (http/compilers.ts): data its schema refuses fails the fill in tests,
   * and in production is logged and sent as built.
   */
  private serialise(answer: unknown, data: z.ZodType | undefined): string {
    if (!data || (answer as Envelope | null)?.code !== 1) return JSON.stringify(answer);
    try {
      const encoded = JSON.stringify(successEnvelope(data).parse(answer));
      return this.production ? encoded : wholeReply(encoded, answer, 'cached answer');
    } catch (error) {
      if (!this.production) throw error;
      this.log?.error({ err: error }, 'cached answer does not match its response schema');
      return JSON.stringify(answer);
    }
  }

  /** The server-rendered pages, dropped by the same changes (server-pages.ts). */
  pages: ServerPages | undefined;

  apply(change: CacheChange): void {
    if (change.kind === 'draw') {
      this.cache.invalidate(drawTopic(change.lotteryCode));
      this.pages?.drawn(change.lotteryCode);
    } else if (change.kind === 'tenant') {
      this.cache.invalidate(TENANT_TOPIC);
      this.pages?.clear();
    } else this.players.invalidate(REBATE_TOPIC);
  }

  /** Everything from the tenant row goes (its stamps moved, or changes may have been missed). */
  dropTenant(): void {
    this.cache.invalidate(TENANT_TOPIC);
    this.pages?.clear();
  }
}

export async function registerHotReads(app: FastifyInstance, pages?: ServerPages): Promise<void> {
  const { ctx } = app;
  const hot = new HotReads(ctx, app.log);
  hot.pages = pages;
  app.decorate('hotReads', hot);

  const apply = (change: CacheChange) => {
    if (change.kind === 'tenant') ctx.tenant.invalidate();
    hot.apply(change);
  };
  ctx.tenant.onStampsChanged(() => hot.dropTenant());

  const feed = ctx.config.REDIS_URL
    ? await RedisChangeFeed.connect(
        ctx.config.REDIS_URL,
        changeChannel(ctx.config.TENANT_CODE),
        {
          onChange: apply,
          onReconnect: () => {
            ctx.tenant.invalidate();
            hot.cache.clear();
            hot.players.clear();
            hot.pages?.clear();
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

type DataOf<E> = E extends Endpoint<z.ZodType, infer Data> ? z.input<Data> : never;

/**
 * Registers a hot read through route(): the answer `build` makes is kept in memory under `key`
 * until `topic` changes, serialised from the endpoint's data schema once per fill.
 */
export function cachedRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  cache: { key: string; topic: string },
  build: () => Promise<Envelope<DataOf<E>>>,
): void {
  route(app, endpoint, async (request, reply) => {
    const answer = await app.hotReads.answer(cache.key, cache.topic, build, endpoint.data);
    // Sent here with its pre-compressed bytes; Fastify takes a returned reply as already answered.
    return answer.send(request, reply) as unknown as string;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    hotReads: HotReads;
  }
}
