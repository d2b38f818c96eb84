import { ChatMessages } from '@lottery/contract/chat';
import { ChatApi } from '@lottery/contract/chat-api';
import { Codes } from '@lottery/contract/codes';
import { ok } from '@lottery/contract/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../errors';
import { route } from '../../http/route';
import { guestOrUserActor, userActor } from './actor';

const ids = (list: string) => list.split(',').map(Number);

/** chat/* REST calls (spec/platform.md §7). Thin: identify, call the service. */
export default async function chatRoutes(app: FastifyInstance): Promise<void> {
  const { chat, directChat, members, pushPlans } = app.chatModule;
  const db = app.ctx.db;
  const member = (request: FastifyRequest) => userActor(db, request);

  // rooms and messages
  route(app, ChatApi.roomList, async (request) =>
    ok(await chat.listRooms(await member(request), request.query)),
  );
  route(app, ChatApi.room, async (request) => {
    const q = request.query;
    return ok(await chat.roomSettings(await guestOrUserActor(db, request, q.guestCode), q.roomCode));
  });
  route(
    app,
    ChatApi.checkPassword,
    async (request) => {
      const b = request.body;
      await chat.checkPassword(
        await guestOrUserActor(db, request, b.guestCode),
        b.roomCode,
        b.password,
        request.ip,
      );
      return ok();
    },
    { config: { rateLimit: { max: 10, timeWindow: 60_000 } } },
  );

  for (const [endpoint, guest] of [
    [ChatApi.messages, false],
    [ChatApi.guestMessages, true],
  ] as const) {
    route(app, endpoint, async (request) => {
      const q = request.query;
      const actor = guest ? await guestOrUserActor(db, request, q.guestCode) : await member(request);
      const ref = q.roomCode ?? q.roomId;
      if (ref === undefined) throw DomainError.of(Codes.INVALID_PARAM, 'roomCode 不能为空');
      return ok(await chat.roomMessages(actor, ref, q.id, q.pageSize, q.afterId));
    });
  }
  route(app, ChatApi.addMessage, async (request) =>
    ok(await chat.addRoomMessage(await member(request), request.body, request.ip)),
  );
  route(app, ChatApi.addGuestMessage, async (request) => {
    const actor = await guestOrUserActor(db, request, request.body.guestCode);
    return ok(await chat.addRoomMessage(actor, request.body, request.ip));
  });
  route(app, ChatApi.withdraw, async (request) => {
    await chat.withdraw(await member(request), request.body.roomCode, request.body.id);
    return ok();
  });

  // moderation
  route(app, ChatApi.role, async (request) =>
    ok(await chat.role(await member(request), request.query.roomCode, request.query.userName)),
  );
  route(app, ChatApi.addBan, async (request) => {
    const b = request.body;
    const id = await chat.addBan(await member(request), b.roomCode, b.target, b.durationTypeId);
    return ok({ id }, ChatMessages.changed);
  });
  route(app, ChatApi.getBan, async (request) =>
    ok(await chat.getBan(await member(request), request.query.roomCode, request.query.target)),
  );
  route(app, ChatApi.getBanByPost, async (request) =>
    ok(await chat.getBan(await member(request), request.body.roomCode, request.body.target)),
  );
  route(app, ChatApi.updateBan, async (request) => {
    const b = request.body;
    await chat.updateBan(await member(request), b.roomCode, b.id, b.durationTypeId);
    return ok(undefined, ChatMessages.changed);
  });
  route(app, ChatApi.deleteBans, async (request) => {
    await chat.deleteBans(await member(request), request.body.roomCode, ids(request.body.ids));
    return ok(undefined, ChatMessages.changed);
  });
  route(app, ChatApi.banList, async (request) =>
    ok(await chat.banList(await member(request), request.query)),
  );
  route(app, ChatApi.muteRoom, async (request) => {
    await chat.setRoomMuted(await member(request), request.body.roomCode, request.body.isMessageBanned);
    return ok(undefined, ChatMessages.changed);
  });

  // online members
  route(app, ChatApi.online, async (request) =>
    ok(await chat.online(await member(request), request.query.roomCode, request.query.userName)),
  );
  route(app, ChatApi.onlineCount, async (request) => {
    const tenantId = request.tenant?.id;
    if (tenantId === undefined) throw DomainError.of(Codes.MAINTENANCE);
    return ok(await chat.onlineCount(tenantId, request.query.roomCode));
  });
  route(app, ChatApi.socketKey, async (request) => ok(await chat.generateKey(await member(request))));

  // private chat
  route(app, ChatApi.directRoom, async (request) =>
    ok(await directChat.open(await member(request), request.query)),
  );
  route(app, ChatApi.directRoomList, async (request) =>
    ok(await directChat.list(await member(request), request.query)),
  );
  route(app, ChatApi.directRoomLite, async (request) =>
    ok(await directChat.lite(await member(request), request.query.id)),
  );
  route(app, ChatApi.directMessages, async (request) => {
    const q = request.query;
    if (q.roomId === undefined) throw DomainError.of(Codes.INVALID_PARAM, 'roomId 不能为空');
    return ok(await directChat.messages(await member(request), q.roomId, q.id, q.pageSize, q.afterId));
  });
  route(app, ChatApi.addDirectMessage, async (request) =>
    ok(await directChat.add(await member(request), request.body, request.ip)),
  );
  route(app, ChatApi.recallDirectMessage, async (request) => {
    await directChat.recall(await member(request), request.body.id);
    return ok();
  });
  route(app, ChatApi.directRead, async (request) => {
    await directChat.markRead(await member(request), request.body.roomId, request.body.id);
    return ok();
  });

  // players
  for (const card of [ChatApi.card, ChatApi.userCard])
    route(app, card, async (request) =>
      ok(await members.card(await member(request), request.query.userId, request.query.roomCode)),
    );
  route(app, ChatApi.remark, async (request) =>
    ok(await members.getRemark(await member(request), request.query.targetUserId)),
  );
  route(app, ChatApi.setRemark, async (request) => {
    await members.setRemark(await member(request), request.body.targetUserId, request.body.remark);
    return ok(undefined, ChatMessages.changed);
  });
  route(app, ChatApi.isDown, async (request) =>
    ok(await members.isDown(await member(request), request.query.userId, request.query.roomCode)),
  );
  route(app, ChatApi.pushPlanHistory, async (request) => {
    const user = await member(request);
    return ok(await pushPlans.history(user.tenantId, request.query.playId, request.query));
  });

  // saved images
  route(app, ChatApi.savedImages, async (request) =>
    ok(await members.savedImages(await member(request), request.query)),
  );
  route(app, ChatApi.addSavedImage, async (request) =>
    ok(await members.addSavedImage(await member(request), request.body.imgPath), ChatMessages.saved),
  );
  route(app, ChatApi.deleteSavedImages, async (request) => {
    await members.deleteSavedImages(await member(request), ids(request.body.ids));
    return ok(undefined, ChatMessages.deleted);
  });
}
