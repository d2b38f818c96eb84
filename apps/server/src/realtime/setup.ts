import fastifyWebsocket from '@fastify/websocket';
import { Codes } from '@lottery/contract/codes';
import type { FastifyInstance } from 'fastify';
import { ChatService, DirectChat, deadSessions, Members, PushPlans } from '../modules/chat/index';
import { Envelopes } from '../modules/redenvelope/index';
import { type Bus, MemoryBus, RedisBus } from './bus';
import { registerGateway } from './gateway';
import { encode, Hub, PING_INTERVAL_MS } from './hub';
import { MESSAGE_POLL_MS, MessageNotifier } from './message-notifier';
import { MemoryPresence, type Presence, RedisPresence } from './presence';

export interface ChatOptions {
  /** Overrides config.REDIS_URL (tests). Empty string forces the in-process bus. */
  redisUrl?: string;
  /** Redis channel / key prefix; defaults to `chat:<TENANT_CODE>`. */
  channel?: string;
  pingIntervalMs?: number;
  authTimeoutMs?: number;
  /** How often the refund job looks for expired envelopes; 0 disables it (tests call it). */
  refundIntervalMs?: number;
  /** How often push plans post and settle; 0 disables it (tests call tick). */
  pushPlanIntervalMs?: number;
  /** How often this process looks for new personal messages (frame 18); 0: tests call tick. */
  messagePollIntervalMs?: number;
}

export interface ChatModule {
  hub: Hub;
  chat: ChatService;
  directChat: DirectChat;
  members: Members;
  envelopes: Envelopes;
  pushPlans: PushPlans;
  messageNotifier: MessageNotifier;
}

declare module 'fastify' {
  interface FastifyInstance {
    chatModule: ChatModule;
  }
}

/**
 * Chat runtime: @fastify/websocket, the bus (memory, or Redis when REDIS_URL is set), presence, the
 * hub of local sockets, the chat services, the socket gateway, the ping/revocation sweep, the
 * envelope refund job and the new-message notifier. Call before registering the chat routes.
 */
export async function registerChat(app: FastifyInstance, options: ChatOptions = {}): Promise<ChatModule> {
  const { ctx } = app;
  const redisUrl = options.redisUrl ?? ctx.config.REDIS_URL;
  const channel = options.channel ?? `chat:${ctx.config.TENANT_CODE}`;
  let bus: Bus;
  let presence: Presence;
  if (redisUrl) {
    const redisBus = await RedisBus.connect(redisUrl, channel, app.log);
    bus = redisBus;
    presence = await RedisPresence.start(redisBus.client, channel);
  } else {
    bus = new MemoryBus();
    presence = new MemoryPresence();
  }
  const hub = new Hub(bus, presence, app.log);
  const chat = new ChatService(ctx, hub);
  const directChat = new DirectChat(chat);
  const members = new Members(chat);
  const envelopes = new Envelopes(chat, directChat);
  chat.envelopeState = (actor, messages) => envelopes.decorate(actor, messages);
  const pushPlans = new PushPlans(chat);
  const messageNotifier = new MessageNotifier(
    ctx.db,
    hub,
    app.log,
    options.messagePollIntervalMs ?? MESSAGE_POLL_MS,
  );
  const module: ChatModule = { hub, chat, directChat, members, envelopes, pushPlans, messageNotifier };
  app.decorate('chatModule', module);

  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  registerGateway(app, hub, chat, { authTimeoutMs: options.authTimeoutMs ?? 5000 });

  // Logout and password change end their other sockets at once (event 14), on every process.
  ctx.onSessionsRevoked.push((sessionIds, reason) => {
    const msg = reason === 'password' ? Codes.PASSWORD_RESET.msg : Codes.SESSION_EXPIRED.msg;
    for (const id of sessionIds) void hub.kickSession(id, msg);
  });

  // Ping every socket; close sockets whose session was revoked or expired (event 14).
  hub.startTimers(async () => {
    const dead = await deadSessions(ctx.db, hub.sessionIds(), ctx.clock.now());
    for (const s of dead) {
      const msg = s.reason === 'password' ? Codes.PASSWORD_RESET.msg : Codes.SESSION_EXPIRED.msg;
      hub.deliver({ t: 'session', sessionId: s.id, payload: encode({ code: 14, msg }), close: true });
    }
  }, options.pingIntervalMs ?? PING_INTERVAL_MS);

  const refundEvery = options.refundIntervalMs ?? 60_000;
  let refundTimer: NodeJS.Timeout | undefined;
  if (refundEvery > 0) {
    refundTimer = setInterval(() => {
      envelopes.refundExpired().catch((error) => app.log.error({ err: error }, 'envelope refund failed'));
    }, refundEvery);
    refundTimer.unref();
  }

  const planEvery = options.pushPlanIntervalMs ?? 15_000;
  let planTimer: NodeJS.Timeout | undefined;
  if (planEvery > 0) {
    planTimer = setInterval(() => {
      pushPlans.tick().catch((error) => app.log.error({ err: error }, 'push plan tick failed'));
    }, planEvery);
    planTimer.unref();
  }

  // New personal messages (frame 18) to this process's account sockets, from whichever process
  // or hand wrote them: polled from the table once the app is ready (realtime/message-notifier.ts).
  app.addHook('onReady', () => messageNotifier.start());

  app.addHook('preClose', async () => {
    clearInterval(refundTimer);
    clearInterval(planTimer);
    await messageNotifier.stop();
    await hub.close();
  });
  return module;
}
