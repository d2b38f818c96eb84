import { EmbedChatApi, EmbedChatMessages as M } from '@lottery/contract/embed-chat';
import { ok } from '@lottery/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import {
  bindExistingAccount,
  bindInfo,
  generateLoginOneTimeKey,
  refreshAccount,
  refreshAvatar,
  registerAccount,
} from './service';

const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: 60_000 } } });

/** The player's 吉聊 account calls (docs/embed-chat.md); every one needs the session. */
export default async function embedChatRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, EmbedChatApi.bindInfo, async (request) => ok(await bindInfo(ctx, request.user)));
  route(
    app,
    EmbedChatApi.generateLoginOneTimeKey,
    async (request) => ok(await generateLoginOneTimeKey(ctx, request.user)),
    perMinute(30),
  );
  route(
    app,
    EmbedChatApi.register,
    async (request) => ok(await registerAccount(ctx, request.user, request.body), M.registered),
    perMinute(10),
  );
  route(
    app,
    EmbedChatApi.bind,
    async (request) => ok(await bindExistingAccount(ctx, request.user, request.body), M.bound),
    perMinute(10),
  );
  route(app, EmbedChatApi.refreshAccount, async (request) =>
    ok(await refreshAccount(ctx, request.user, request.body.oneTimeKey)),
  );
  route(app, EmbedChatApi.refreshAvatar, async (request) => ok(await refreshAvatar(ctx, request.user)));
}
