import {
  AddBanBody,
  AddDirectMessageBody,
  AddMessageBody,
  AddSavedImageBody,
  BanListQuery,
  CardQuery,
  ChatMessages,
  CheckPasswordBody,
  DeleteBanBody,
  DeleteSavedImageBody,
  DirectReadBody,
  DirectRoomListQuery,
  DirectRoomLiteQuery,
  DirectRoomQuery,
  GetBanQuery,
  IsDownQuery,
  MessageListQuery,
  OnlineCountQuery,
  OnlineListQuery,
  PushPlanQuery,
  RecallDirectBody,
  RemarkBody,
  RemarkQuery,
  RoleQuery,
  RoomBannedBody,
  RoomListQuery,
  RoomQuery,
  SavedImageListQuery,
  UpdateBanBody,
  WithdrawBody,
} from '@lottery/contract/chat';
import { Codes } from '@lottery/contract/codes';
import { ok } from '@lottery/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../errors';
import { parse } from '../../plugins/envelope';
import { guestOrUserActor, userActor } from './actor';

const ids = (list: string) => list.split(',').map(Number);

/** chat/* REST calls (spec/platform.md §7). Thin: parse, identify, call the service. */
export default async function chatRoutes(app: FastifyInstance): Promise<void> {
  const { chat, directChat, members, pushPlans } = app.chatModule;
  const db = app.ctx.db;
  const member = (request: Parameters<typeof userActor>[1]) => userActor(db, request);

  app.get('/chat/getRoomListWeb', async (request) => {
    const q = parse(RoomListQuery, request.query);
    return ok(await chat.listRooms(await member(request), q));
  });

  app.get('/chat/getRoomWeb', async (request) => {
    const q = parse(RoomQuery, request.query);
    return ok(await chat.roomSettings(await guestOrUserActor(db, request, q.guestCode), q.roomCode));
  });

  app.post(
    '/chat/checkPassword',
    { config: { rateLimit: { max: 10, timeWindow: 60_000 } } },
    async (request) => {
      const b = parse(CheckPasswordBody, request.body);
      const actor = await guestOrUserActor(db, request, b.guestCode);
      await chat.checkPassword(actor, b.roomCode, b.password, request.ip);
      return ok();
    },
  );

  const roomMessages = async (request: Parameters<typeof userActor>[1], guest: boolean) => {
    const q = parse(MessageListQuery, request.query);
    const actor = guest ? await guestOrUserActor(db, request, q.guestCode) : await member(request);
    const ref = q.roomCode ?? q.roomId;
    if (ref === undefined) throw DomainError.of(Codes.INVALID_PARAM, 'roomCode 不能为空');
    return ok(await chat.roomMessages(actor, ref, q.id, q.pageSize, q.afterId));
  };
  app.get('/chat/getMessageListWeb', (request) => roomMessages(request, false));
  app.get('/chat/getMessageListWebGuest', (request) => roomMessages(request, true));

  app.post('/chat/addMessage', async (request) => {
    const b = parse(AddMessageBody, request.body);
    return ok(await chat.addRoomMessage(await member(request), b, request.ip));
  });
  app.post('/chat/addMessageGuest', async (request) => {
    const b = parse(AddMessageBody, request.body);
    return ok(await chat.addRoomMessage(await guestOrUserActor(db, request, b.guestCode), b, request.ip));
  });

  app.post('/chat/updateMessageStateFront', async (request) => {
    const b = parse(WithdrawBody, request.body);
    await chat.withdraw(await member(request), b.roomCode, b.id);
    return ok();
  });

  // moderation
  app.get('/chat/getRoleFront', async (request) => {
    const q = parse(RoleQuery, request.query);
    return ok(await chat.role(await member(request), q.roomCode, q.userName));
  });
  app.post('/chat/addBanFront', async (request) => {
    const b = parse(AddBanBody, request.body);
    const id = await chat.addBan(await member(request), b.roomCode, b.target, b.durationTypeId);
    return ok({ id }, ChatMessages.changed);
  });
  app.get('/chat/getBanFront', async (request) => {
    const q = parse(GetBanQuery, request.query);
    return ok(await chat.getBan(await member(request), q.roomCode, q.target));
  });
  app.post('/chat/getBanFront', async (request) => {
    const q = parse(GetBanQuery, request.body);
    return ok(await chat.getBan(await member(request), q.roomCode, q.target));
  });
  app.post('/chat/updateBanFront', async (request) => {
    const b = parse(UpdateBanBody, request.body);
    await chat.updateBan(await member(request), b.roomCode, b.id, b.durationTypeId);
    return ok(undefined, ChatMessages.changed);
  });
  app.post('/chat/deleteBanFront', async (request) => {
    const b = parse(DeleteBanBody, request.body);
    await chat.deleteBans(await member(request), b.roomCode, ids(b.ids));
    return ok(undefined, ChatMessages.changed);
  });
  app.get('/chat/getBanListFront', async (request) => {
    const q = parse(BanListQuery, request.query);
    return ok(await chat.banList(await member(request), q));
  });
  app.post('/chat/updateRoomBannedWeb', async (request) => {
    const b = parse(RoomBannedBody, request.body);
    await chat.setRoomMuted(await member(request), b.roomCode, b.isMessageBanned);
    return ok(undefined, ChatMessages.changed);
  });

  // online members
  app.get('/chat/getOnlineMemberListFront', async (request) => {
    const q = parse(OnlineListQuery, request.query);
    return ok(await chat.online(await member(request), q.roomCode, q.userName));
  });
  app.get('/broadCast/getOnlineCount', async (request) => {
    const q = parse(OnlineCountQuery, request.query);
    const tenantId = request.tenant?.id;
    if (tenantId === undefined) throw DomainError.of(Codes.MAINTENANCE);
    return ok(await chat.onlineCount(tenantId, q.roomCode));
  });
  app.get('/broadCast/generateKey', async (request) => ok(await chat.generateKey(await member(request))));

  // private chat
  app.get('/chat/getDirectRoomWeb', async (request) => {
    const q = parse(DirectRoomQuery, request.query);
    return ok(await directChat.open(await member(request), q));
  });
  app.get('/chat/getDirectRoomListWeb', async (request) => {
    const q = parse(DirectRoomListQuery, request.query);
    return ok(await directChat.list(await member(request), q));
  });
  app.get('/chat/getDirectRoomLite', async (request) => {
    const q = parse(DirectRoomLiteQuery, request.query);
    return ok(await directChat.lite(await member(request), q.id));
  });
  app.get('/chat/getDirectMessageListWeb', async (request) => {
    const q = parse(MessageListQuery, request.query);
    if (q.roomId === undefined) throw DomainError.of(Codes.INVALID_PARAM, 'roomId 不能为空');
    return ok(await directChat.messages(await member(request), q.roomId, q.id, q.pageSize, q.afterId));
  });
  app.post('/chat/addDirectMessage', async (request) => {
    const b = parse(AddDirectMessageBody, request.body);
    return ok(await directChat.add(await member(request), b, request.ip));
  });
  app.post('/chat/recallDirectMessageWeb', async (request) => {
    const b = parse(RecallDirectBody, request.body);
    await directChat.recall(await member(request), b.id);
    return ok();
  });
  app.post('/chat/setDirectMessageReadWeb', async (request) => {
    const b = parse(DirectReadBody, request.body);
    await directChat.markRead(await member(request), b.roomId, b.id);
    return ok();
  });

  // players
  app.get('/chat/getRoleUserCardFront', async (request) => {
    const q = parse(CardQuery, request.query);
    return ok(await members.card(await member(request), q.userId, q.roomCode));
  });
  app.get('/users/card', async (request) => {
    const q = parse(CardQuery, request.query);
    return ok(await members.card(await member(request), q.userId, q.roomCode));
  });
  app.get('/chat/getMemberRemark', async (request) => {
    const q = parse(RemarkQuery, request.query);
    return ok(await members.getRemark(await member(request), q.targetUserId));
  });
  app.post('/chat/setMemberRemark', async (request) => {
    const b = parse(RemarkBody, request.body);
    await members.setRemark(await member(request), b.targetUserId, b.remark);
    return ok(undefined, ChatMessages.changed);
  });
  app.get('/chat/isDownFront', async (request) => {
    const q = parse(IsDownQuery, request.query);
    return ok(await members.isDown(await member(request), q.userId, q.roomCode));
  });

  app.get('/chat/getPushPlayListFront', async (request) => {
    const q = parse(PushPlanQuery, request.query);
    const user = await member(request);
    return ok(await pushPlans.history(user.tenantId, q.playId, q));
  });

  // saved images
  app.get('/chat/getSavedImageList', async (request) => {
    const q = parse(SavedImageListQuery, request.query);
    return ok(await members.savedImages(await member(request), q));
  });
  app.post('/chat/addSavedImage2', async (request) => {
    const b = parse(AddSavedImageBody, request.body);
    return ok(await members.addSavedImage(await member(request), b.imgPath), ChatMessages.saved);
  });
  app.post('/chat/deleteSavedImage', async (request) => {
    const b = parse(DeleteSavedImageBody, request.body);
    await members.deleteSavedImages(await member(request), ids(b.ids));
    return ok(undefined, ChatMessages.deleted);
  });
}
