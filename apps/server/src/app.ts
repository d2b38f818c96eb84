import { randomInt } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { firstScreenReadUrls, HALL_PATHS, playPageOf } from '@lottery/contract/first-screen';
import { isFamily } from '@lottery/rules/family';
import { PLAYS_SOURCE } from '@lottery/rules/family-plays';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import { type Clock, systemClock } from './clock';
import { type Config, loadConfig } from './config';
import type { AppContext } from './context';
import { createDb, type Database } from './db/client';
import { prepareDatabase } from './db/prepare';
import { registerCompilers } from './http/compilers';
import { registerOpenApi } from './http/openapi';
import { type GameLoopOptions, GameRoundLoop } from './jobs/game-rounds';
import { DrawScheduler, type SchedulerOptions } from './jobs/scheduler';
import { DEFAULT_LIMITS, type Limits, PER_ACCOUNT_WINDOW_MS } from './limits';
import activityRoutes from './modules/activity/routes';
import agentRoutes from './modules/agent/routes';
import { AttemptLimiter } from './modules/auth/index';
import authRoutes from './modules/auth/routes';
import bettingRoutes from './modules/betting/routes';
import chatRoutes from './modules/chat/routes';
import { firstBannerPreload } from './modules/content/index';
import contentRoutes from './modules/content/routes';
import discoveryRoutes from './modules/discovery/routes';
import drawRoutes from './modules/draw/routes';
import embedChatRoutes from './modules/embed-chat/routes';
import fileRoutes from './modules/files/routes';
import financeDeskRoutes from './modules/finance-desk/routes';
import { GameRooms } from './modules/games/index';
import gameRoutes from './modules/games/routes';
import { LiveRooms } from './modules/live/index';
import lotteryRoutes from './modules/lottery/routes';
import paymentRoutes, { sandboxRoutes } from './modules/payment/routes';
import playersDeskRoutes from './modules/players-desk/routes';
import recordsRoutes from './modules/records/routes';
import redEnvelopeRoutes from './modules/redenvelope/routes';
import { hasSafetyPassword, listPayoutAccounts } from './modules/security/index';
import securityRoutes from './modules/security/routes';
import { registerAppManifest, registerHotReads, ServerPages, TenantCache } from './modules/site/index';
import siteRoutes from './modules/site/routes';
import consoleRoutes from './modules/staff/routes';
import statisticsRoutes from './modules/statistics/routes';
import verificationRoutes from './modules/verification/routes';
import walletRoutes from './modules/wallet/routes';
import yuebaoRoutes from './modules/yuebao/routes';
import { DEFAULT_WEB_DIST } from './paths';
import { registerCompression } from './plugins/compression';
import { registerConsoleStatic } from './plugins/console-static';
import { rewriteEnpath } from './plugins/enpath';
import { registerEnvelope } from './plugins/envelope';
import { registerFormBody } from './plugins/formbody';
import { registerHealth } from './plugins/health';
import { registerOriginCheck } from './plugins/origin';
import { connectRateLimitRedis, rateLimitStore } from './plugins/rate-limit-redis';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSession, SESSION_COOKIE } from './plugins/session';
import { registerSiteMode } from './plugins/site-mode';
import { inlineStyleHashes, registerStatic } from './plugins/static';
import { type ChatOptions, registerChat } from './realtime/setup';

/** Every area's routes, registered under /v1. Add a module here when its routes.ts exists. */
const MODULES: FastifyPluginAsync[] = [
  authRoutes,
  siteRoutes,
  contentRoutes,
  lotteryRoutes,
  statisticsRoutes,
  walletRoutes,
  paymentRoutes,
  securityRoutes,
  drawRoutes,
  bettingRoutes,
  recordsRoutes,
  chatRoutes,
  redEnvelopeRoutes,
  fileRoutes,
  activityRoutes,
  discoveryRoutes,
  yuebaoRoutes,
  agentRoutes,
  gameRoutes,
  verificationRoutes,
  embedChatRoutes,
];

export interface BuildOptions {
  /** Defaults to loadConfig(process.env). */
  config?: Config;
  /** An opened, migrated database; when absent one is created from config (and closed with the app). */
  database?: Database;
  clock?: Clock;
  logLevel?: string;
  captchaText?: () => string;
  limits?: Partial<Limits>;
  /** The draw scheduler (app.scheduler); started only with `start: true` (main.ts), tests call tick(). */
  scheduler?: SchedulerOptions;
  /** Chat runtime (bus, timers); tests shorten timers or point at a Redis. */
  chat?: ChatOptions;
  /** The table games' round loop (app.gameLoop); started with the scheduler (`scheduler.start`). */
  games?: GameLoopOptions;
}

export async function build(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig();
  const clock = options.clock ?? systemClock;
  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await createDb({
      url: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    }));
  if (ownsDatabase) await prepareDatabase(database, config, clock);

  const app = Fastify({
    logger: { level: options.logLevel ?? config.LOG_LEVEL },
    // one hop: the balancer's own entry; addresses a client forged before it are not trusted
    trustProxy: config.TRUST_PROXY ? (_address: string, hop: number) => hop < 1 : false,
    rewriteUrl: (req) => rewriteEnpath(req.url ?? '/'),
    bodyLimit: 1024 * 1024,
  });

  // With REDIS_URL every process shares the rate-limit counters (per IP and per account).
  // Redis away: limits are counted per process, never skipped (plugins/rate-limit-redis.ts).
  const redis = config.REDIS_URL ? await connectRateLimitRedis(config.REDIS_URL, app.log) : undefined;
  if (redis) app.addHook('onClose', () => redis.close());
  app.decorate('rateLimitRedis', redis ?? null);

  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock,
    captchaText: options.captchaText ?? (() => String(randomInt(0, 10_000)).padStart(4, '0')),
    tenant: new TenantCache(database.db, clock, config.TENANT_CODE),
    limits,
    accountLimiter: new AttemptLimiter(clock, limits.perAccount, PER_ACCOUNT_WINDOW_MS, undefined, redis),
    onSessionsRevoked: [],
    userFlags: async (db, userId) => {
      const [safety, digital] = await Promise.all([
        hasSafetyPassword(db, userId),
        listPayoutAccounts(db, userId, 'digital'),
      ]);
      return { userHasSafetyPassword: safety, userHasDigitalPay: digital.length > 0 };
    },
  };
  app.decorate('ctx', ctx);
  if (ownsDatabase) app.addHook('onClose', () => database.close());
  // Database connection losses and recoveries: one line each in this app's log (db/client.ts).
  database.setLog(app.log);

  // External plugins first, then ours.
  // before any route: it attaches to routes as they are added
  await registerCompression(app);
  const webDist = config.WEB_DIST ?? DEFAULT_WEB_DIST;
  await registerSecurityHeaders(app, {
    secure: config.COOKIE_SECURE,
    chatEmbedOrigins: config.CHAT_EMBED_ORIGINS,
    styleHashes: inlineStyleHashes(webDist),
  });
  await app.register(fastifyCookie);
  await app.register(
    fastifyRateLimit,
    redis ? { global: false, store: rateLimitStore(redis, 'lottery-rl:') } : { global: false },
  );
  registerHealth(app, { database, redis: redis ?? null });
  registerCompilers(app, config.NODE_ENV === 'production');
  await registerOpenApi(app);
  registerFormBody(app);
  registerEnvelope(app);
  registerOriginCheck(app, {
    allowedOrigins: config.ALLOWED_ORIGINS,
    production: config.NODE_ENV === 'production',
  });
  registerSiteMode(app);
  registerSession(app);
  const firstBanner = firstBannerPreload(database.db, () => clock.now());
  // the first screens drawn on the server, when the web build has its renderer (issue 39)
  const serverPages = await ServerPages.load(app, webDist);
  const drawnOnServer = (request: FastifyRequest) => serverPages?.handles(request.url) === true;
  await registerStatic(app, webDist, {
    // What the first screen waits for, fetched while the app's JavaScript loads (issue 10): the
    // page's own scripts, as soon as the headers arrive and the largest first (before the HTML is
    // parsed, and ahead of the smaller requests below on the phone's six connections), the hall's
    // largest picture, and the reads the app asks for before it renders (by the URLs it uses,
    // contract/first-screen.ts). A visitor's play page goes on to the login page, so its reads
    // are named only to a browser that holds a session.
    preloads: async (path, request, build) => {
      const links = build.pageScripts.map((file) => `<${file}>; rel=modulepreload; crossorigin`);
      if (HALL_PATHS.has(path)) {
        const tenant = await app.ctx.tenant.get();
        const url = tenant ? await firstBanner(tenant.id) : undefined;
        if (url) links.push(`<${url}>; rel=preload; as=image; fetchpriority=high`);
      }
      if (HALL_PATHS.has(path) || request.cookies[SESSION_COOKIE]) {
        // a server-drawn page brings its reads' answers in its HTML
        const reads = drawnOnServer(request) ? [] : firstScreenReadUrls(path, isFamily);
        for (const url of reads) links.push(`<${url}>; rel=preload; as=fetch; crossorigin`);
        // the family's plays, which the play page loads as a chunk of its own once its scripts run
        const play = playPageOf(path, isFamily);
        for (const file of play ? build.filesOf(`packages/rules/src/${PLAYS_SOURCE[play.family]}`) : [])
          links.push(`<${file}>; rel=modulepreload; crossorigin`);
      }
      return links;
    },
    render: async (request, path, template) =>
      serverPages && drawnOnServer(request)
        ? serverPages.page(request.url, template, playPageOf(path, isFamily)?.lotteryCode)
        : undefined,
  });

  // the operator console's build under /console/, with its own CSP (docs/console.md)
  await registerConsoleStatic(app, { dist: config.CONSOLE_DIST, secure: config.COOKIE_SECURE });

  const scheduler = new DrawScheduler(database, clock, app.log, options.scheduler);
  app.decorate('scheduler', scheduler);
  app.addHook('preClose', () => scheduler.stop());

  // hot reads from memory, dropped by draws and admin changes (Redis between processes)
  await registerHotReads(app, serverPages);
  // the installable app: its manifest and launcher icons at the site's root (docs/pwa.md)
  registerAppManifest(app);
  const chatModule = await registerChat(app, options.chat);
  // Table games share the chat's bus (in-process, or Redis with several processes) and websocket plugin.
  const gameRooms = new GameRooms(ctx, chatModule.hub.bus, app.log);
  gameRooms.register(app);
  new LiveRooms(ctx, chatModule.hub.bus, app.log).register(app);
  const gameLoop = new GameRoundLoop(database, clock, gameRooms, app.log, options.games);
  app.decorate('gameRooms', gameRooms);
  app.decorate('gameLoop', gameLoop);
  app.addHook('preClose', () => gameLoop.stop());
  for (const routes of MODULES) await app.register(routes, { prefix: '/v1' });
  // the operator console's API (issue 40): its own prefix, cookie and gate, never under /v1
  await app.register(consoleRoutes, { prefix: '/console/api' });
  await app.register(playersDeskRoutes, { prefix: '/console/api' });
  await app.register(financeDeskRoutes, { prefix: '/console/api' });
  if (options.scheduler?.start) {
    app.addHook('onReady', async () => {
      scheduler.start();
      gameLoop.start();
    });
  }
  await app.register(sandboxRoutes);
  return app;
}
