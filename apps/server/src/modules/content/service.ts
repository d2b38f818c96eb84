import { Codes } from '@lottery/contract/codes';
import { CONTENT_TEXTS, type ContentPage, type PageQuery } from '@lottery/contract/content';
import type { Db } from '../../db/client';
import { DomainError } from '../../errors';
import * as repo from './repo';
import { plainTitle, sanitizeContentHtml } from './sanitize';

/**
 * Notices, personal messages and help/about articles (docs/content.md). Operator HTML is
 * sanitised when stored (the commands below) and again when served (the readers below).
 */

const missing = (msg: string) => DomainError.of(Codes.INVALID_PARAM, msg);
const page = (q: PageQuery, found: { rows: ContentPage['rows']; total: number }): ContentPage => ({
  ...found,
  pageNum: q.pageNum,
  pageSize: q.pageSize,
});

// Readers

export async function noticePage(db: Db, tenantId: number, userId: number | null, q: PageQuery) {
  return page(q, await repo.pageAnnouncements(db, tenantId, userId, q));
}

export async function noticeDetail(db: Db, tenantId: number, userId: number | null, id: number) {
  const row = await repo.findAnnouncement(db, tenantId, id);
  if (!row) throw missing(CONTENT_TEXTS.noticeMissing);
  const isRead = userId === null ? false : await repo.isAnnouncementRead(db, userId, id);
  return { ...row, content: sanitizeContentHtml(row.content), isRead };
}

export async function readNotice(db: Db, tenantId: number, userId: number, id: number, now: number) {
  if (!(await repo.findAnnouncement(db, tenantId, id))) throw missing(CONTENT_TEXTS.noticeMissing);
  await repo.markAnnouncementRead(db, userId, id, now);
}

export async function unreadCounts(db: Db, tenantId: number, userId: number) {
  const [messageCount, announcementCount] = await Promise.all([
    repo.countUnreadMessages(db, userId),
    repo.countUnreadAnnouncements(db, tenantId, userId),
  ]);
  return { messageCount, announcementCount };
}

export async function messagePage(db: Db, userId: number, q: PageQuery) {
  return page(q, await repo.pageMessages(db, userId, q));
}

export async function messageDetail(db: Db, userId: number, id: number) {
  const row = await repo.findMessage(db, userId, id);
  if (!row) throw missing(CONTENT_TEXTS.messageMissing);
  return { ...row, content: sanitizeContentHtml(row.content) };
}

export async function readMessage(db: Db, userId: number, id: number, now: number) {
  if (!(await repo.markMessageRead(db, userId, id, now))) throw missing(CONTENT_TEXTS.messageMissing);
}

export async function removeMessage(db: Db, userId: number, id: number) {
  if (!(await repo.deleteMessage(db, userId, id))) throw missing(CONTENT_TEXTS.messageMissing);
}

export async function articles(db: Db, tenantId: number, kind: repo.ArticleKind) {
  return repo.listArticles(db, tenantId, kind);
}

export async function article(db: Db, tenantId: number, kind: repo.ArticleKind, id: number) {
  const row = await repo.findArticle(db, tenantId, kind, id);
  if (!row) throw missing(CONTENT_TEXTS.articleMissing);
  return { ...row, content: sanitizeContentHtml(row.content) };
}

// Operator commands (modules/content/admin-commands.ts)

/** Told which players got a new message, so their account sockets can show 您有一条新的消息. */
export type MessageListener = (userIds: readonly number[]) => Promise<void> | void;

const checkTitle = (title: string) => {
  const t = plainTitle(title);
  if (!t || t.length > 100) throw DomainError.of(Codes.INVALID_PARAM, '标题为1-100个字符');
  return t;
};

export async function publishNotice(
  db: Db,
  input: { tenantId: number; title: string; content: string; now: number },
) {
  return repo.insertAnnouncement(db, {
    ...input,
    title: checkTitle(input.title),
    content: sanitizeContentHtml(input.content),
  });
}

/** Banner images are ours (a /static/ path); a tap opens one of our routes or an http(s) page. */
const OUR_IMAGE = /^\/static\/[\w./-]+\.(svg|png|jpe?g|webp)$/;
const BANNER_LINK = /^(https?:\/\/\S+|\/(?!\/)\S*)?$/;

export class BannerError extends Error {
  override readonly name = 'BannerError';
}

export async function createBanner(
  db: Db,
  input: {
    tenantId: number;
    title: string;
    imageUrl: string;
    linkUrl: string;
    sortOrder: number;
    now: number;
  },
): Promise<number> {
  if (!OUR_IMAGE.test(input.imageUrl)) throw new BannerError('the image must be a /static/ path of ours');
  if (!BANNER_LINK.test(input.linkUrl))
    throw new BannerError('the link must be one of our paths or an http(s) URL');
  return repo.insertBanner(db, { ...input, title: checkTitle(input.title) });
}

export const setBannerEnabled = repo.setBannerEnabled;

/**
 * A personal message to the named users (ids of the tenant) or, with `userIds` null, to every
 * active user of the tenant; one statement, so a failure leaves no half-sent message.
 */
export async function sendMessage(
  db: Db,
  input: { tenantId: number; userIds: number[] | null; title: string; content: string; now: number },
  listener?: MessageListener,
): Promise<number[]> {
  const recipients = await repo.insertMessages(db, {
    ...input,
    title: checkTitle(input.title),
    content: sanitizeContentHtml(input.content),
  });
  if (listener && recipients.length > 0) await listener(recipients);
  return recipients;
}

export async function createArticle(
  db: Db,
  input: {
    tenantId: number;
    kind: repo.ArticleKind;
    title: string;
    content: string;
    sortOrder: number;
    now: number;
  },
) {
  return repo.insertArticle(db, {
    ...input,
    title: checkTitle(input.title),
    content: sanitizeContentHtml(input.content),
  });
}

export const findUserIdByName = repo.findUserIdByName;
