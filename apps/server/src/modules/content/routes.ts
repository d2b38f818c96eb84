import { ArticleApi, MessageApi, NoticeApi } from '@lottery/contract/content';
import { ok } from '@lottery/contract/envelope';
import { ContentApi } from '@lottery/contract/site';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/route';
import { cachedRoute, listSupportLines, TENANT_TOPIC, tenantOf } from '../site/index';
import { listAnnouncements, listBanners } from './repo';
import * as content from './service';

/** Home-page content (cached), notices, personal messages, help and about. docs/content.md. */
export default async function contentRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const tenantId = async () => (await tenantOf(ctx)).id;
  const userId = (request: FastifyRequest) => request.user?.userId ?? null;

  cachedRoute(app, ContentApi.getSupportFront, { key: 'supportLines', topic: TENANT_TOPIC }, async () =>
    ok(await listSupportLines(ctx.db, await tenantId())),
  );

  cachedRoute(app, ContentApi.imageBannerHomeMobileFront, { key: 'banners', topic: TENANT_TOPIC }, async () =>
    ok(await listBanners(ctx.db, await tenantId())),
  );

  cachedRoute(app, ContentApi.announcement, { key: 'announcements', topic: TENANT_TOPIC }, async () =>
    ok(await listAnnouncements(ctx.db, await tenantId())),
  );

  route(app, NoticeApi.announcementList, async (request) =>
    ok(await content.noticePage(ctx.db, await tenantId(), userId(request), request.query)),
  );
  route(app, NoticeApi.announcementContent, async (request) =>
    ok(await content.noticeDetail(ctx.db, await tenantId(), userId(request), request.query.id)),
  );
  route(app, NoticeApi.setAnnouncementRead, async (request) => {
    const user = request.user;
    await content.readNotice(ctx.db, user.tenantId, user.userId, request.body.id, ctx.clock.now());
    return ok();
  });

  route(app, MessageApi.unReadMessage, async (request) =>
    ok(await content.unreadCounts(ctx.db, request.user.tenantId, request.user.userId)),
  );
  route(app, MessageApi.messageList, async (request) =>
    ok(await content.messagePage(ctx.db, request.user.userId, request.query)),
  );
  route(app, MessageApi.messageContent, async (request) =>
    ok(await content.messageDetail(ctx.db, request.user.userId, request.query.id)),
  );
  route(app, MessageApi.setMessageRead, async (request) => {
    await content.readMessage(ctx.db, request.user.userId, request.body.id, ctx.clock.now());
    return ok();
  });
  route(app, MessageApi.deleteMessage, async (request) => {
    await content.removeMessage(ctx.db, request.user.userId, request.body.id);
    return ok(undefined, '删除成功');
  });

  route(app, ArticleApi.getIntroductionList, async () =>
    ok(await content.articles(ctx.db, await tenantId(), 'about')),
  );
  route(app, ArticleApi.findByIdIntroduction, async (request) =>
    ok(await content.article(ctx.db, await tenantId(), 'about', request.query.id)),
  );
  route(app, ArticleApi.getAssistanceList, async () =>
    ok(await content.articles(ctx.db, await tenantId(), 'help')),
  );
  route(app, ArticleApi.findByIdAssistance, async (request) =>
    ok(await content.article(ctx.db, await tenantId(), 'help', request.query.id)),
  );
}
