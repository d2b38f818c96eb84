import { and, asc, count, desc, eq, gt, inArray, lte, max, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/account';
import { announcementReads, contentArticles, userMessages } from '../../db/schema/content';
import { announcements, banners } from '../../db/schema/tenant';

export type ArticleKind = 'help' | 'about';
export interface Paging {
  pageNum: number;
  pageSize: number;
}

export async function listBanners(db: Db, tenantId: number) {
  return db
    .select({ id: banners.id, imageUrl: banners.imageUrl, linkUrl: banners.linkUrl, title: banners.title })
    .from(banners)
    .where(and(eq(banners.tenantId, tenantId), eq(banners.enabled, true)))
    .orderBy(asc(banners.sortOrder), asc(banners.id));
}

/** A home banner, and the tenant's page stamp moved so open apps refresh their home content. */
export async function insertBanner(
  db: Db,
  row: { tenantId: number; title: string; imageUrl: string; linkUrl: string; sortOrder: number; now: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(banners)
      .values({
        tenantId: row.tenantId,
        title: row.title,
        imageUrl: row.imageUrl,
        linkUrl: row.linkUrl,
        sortOrder: row.sortOrder,
        enabled: true,
      })
      .returning({ id: banners.id });
    await tx.execute(sql`UPDATE tenants SET page_updated_at = ${row.now} WHERE id = ${row.tenantId}`);
    return inserted!.id;
  });
}

export async function setBannerEnabled(
  db: Db,
  row: { tenantId: number; id: number; enabled: boolean; now: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(banners)
      .set({ enabled: row.enabled })
      .where(and(eq(banners.tenantId, row.tenantId), eq(banners.id, row.id)))
      .returning({ id: banners.id });
    if (changed.length === 0) return false;
    await tx.execute(sql`UPDATE tenants SET page_updated_at = ${row.now} WHERE id = ${row.tenantId}`);
    return true;
  });
}

export async function listAnnouncements(db: Db, tenantId: number, limit = 20) {
  return db
    .select({
      id: announcements.id,
      title: announcements.title,
      content: announcements.content,
      createdAt: announcements.createdAt,
    })
    .from(announcements)
    .where(and(eq(announcements.tenantId, tenantId), eq(announcements.enabled, true)))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(limit);
}

const liveNotice = (tenantId: number) =>
  and(eq(announcements.tenantId, tenantId), eq(announcements.enabled, true));

/** A page of notices; `isRead` from the reader's rows (false for a visitor). */
export async function pageAnnouncements(db: Db, tenantId: number, userId: number | null, page: Paging) {
  const readBy = userId ?? 0;
  const rows = await db
    .select({
      id: announcements.id,
      title: announcements.title,
      createdAt: announcements.createdAt,
      isRead: sql<boolean>`${announcementReads.userId} IS NOT NULL`,
    })
    .from(announcements)
    .leftJoin(
      announcementReads,
      and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, readBy)),
    )
    .where(liveNotice(tenantId))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(page.pageSize)
    .offset((page.pageNum - 1) * page.pageSize);
  const [total] = await db.select({ n: count() }).from(announcements).where(liveNotice(tenantId));
  return { rows, total: total?.n ?? 0 };
}

export async function findAnnouncement(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select({
      id: announcements.id,
      title: announcements.title,
      content: announcements.content,
      createdAt: announcements.createdAt,
    })
    .from(announcements)
    .where(and(liveNotice(tenantId), eq(announcements.id, id)));
  return row;
}

export async function isAnnouncementRead(db: Db, userId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: announcementReads.announcementId })
    .from(announcementReads)
    .where(and(eq(announcementReads.userId, userId), eq(announcementReads.announcementId, id)));
  return row !== undefined;
}

export async function markAnnouncementRead(db: Db, userId: number, id: number, now: number): Promise<void> {
  await db
    .insert(announcementReads)
    .values({ userId, announcementId: id, readAt: now })
    .onConflictDoNothing();
}

export async function countUnreadAnnouncements(db: Db, tenantId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(announcements)
    .where(
      and(
        liveNotice(tenantId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(announcementReads)
            .where(
              and(
                eq(announcementReads.announcementId, announcements.id),
                eq(announcementReads.userId, userId),
              ),
            ),
        ),
      ),
    );
  return row?.n ?? 0;
}

export async function insertAnnouncement(
  db: Db,
  input: { tenantId: number; title: string; content: string; now: number },
): Promise<number> {
  const [row] = await db
    .insert(announcements)
    .values({
      tenantId: input.tenantId,
      title: input.title,
      content: input.content,
      enabled: true,
      createdAt: input.now,
    })
    .returning({ id: announcements.id });
  return row!.id;
}

// Personal messages: every read and write names the owner, so another player's id finds nothing.

const own = (userId: number, id: number) => and(eq(userMessages.userId, userId), eq(userMessages.id, id));

export async function pageMessages(db: Db, userId: number, page: Paging) {
  const rows = await db
    .select({
      id: userMessages.id,
      title: userMessages.title,
      createdAt: userMessages.createdAt,
      isRead: userMessages.isRead,
    })
    .from(userMessages)
    .where(eq(userMessages.userId, userId))
    .orderBy(desc(userMessages.id))
    .limit(page.pageSize)
    .offset((page.pageNum - 1) * page.pageSize);
  const [total] = await db.select({ n: count() }).from(userMessages).where(eq(userMessages.userId, userId));
  return { rows, total: total?.n ?? 0 };
}

export async function findMessage(db: Db, userId: number, id: number) {
  const [row] = await db
    .select({
      id: userMessages.id,
      title: userMessages.title,
      content: userMessages.content,
      createdAt: userMessages.createdAt,
      isRead: userMessages.isRead,
    })
    .from(userMessages)
    .where(own(userId, id));
  return row;
}

/** True when the row exists and is the user's (read or not). */
export async function markMessageRead(db: Db, userId: number, id: number, now: number): Promise<boolean> {
  await db
    .update(userMessages)
    .set({ isRead: true, readAt: now })
    .where(and(own(userId, id), eq(userMessages.isRead, false)));
  return (await findMessage(db, userId, id)) !== undefined;
}

export async function deleteMessage(db: Db, userId: number, id: number): Promise<boolean> {
  const gone = await db.delete(userMessages).where(own(userId, id)).returning({ id: userMessages.id });
  return gone.length > 0;
}

export async function countUnreadMessages(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userMessages)
    .where(and(eq(userMessages.userId, userId), eq(userMessages.isRead, false)));
  return row?.n ?? 0;
}

// New-message notifier (realtime/message-notifier.ts): both reads are index-only range scans.

/** The highest message id so far (0 when none): the notifier's watermark. Primary-key lookup. */
export async function latestMessageId(db: Db): Promise<number> {
  const [row] = await db.select({ top: max(userMessages.id) }).from(userMessages);
  return Number(row?.top ?? 0);
}

/**
 * Of `userIds`, those who got a message with `afterId < id <= upToId`, each with their unread
 * message count now (players who already read or deleted it are left out).
 */
export async function newMessageRecipients(
  db: Db,
  range: { afterId: number; upToId: number },
  userIds: readonly number[],
): Promise<{ userId: number; messageCount: number }[]> {
  if (userIds.length === 0 || range.upToId <= range.afterId) return [];
  const fresh = await db
    .selectDistinct({ userId: userMessages.userId })
    .from(userMessages)
    .where(
      and(
        gt(userMessages.id, range.afterId),
        lte(userMessages.id, range.upToId),
        inArray(userMessages.userId, [...userIds]),
      ),
    );
  if (fresh.length === 0) return [];
  const rows = await db
    .select({ userId: userMessages.userId, messageCount: count() })
    .from(userMessages)
    .where(
      and(
        inArray(
          userMessages.userId,
          fresh.map((r) => r.userId),
        ),
        eq(userMessages.isRead, false),
      ),
    )
    .groupBy(userMessages.userId);
  return rows.map((r) => ({ userId: Number(r.userId), messageCount: Number(r.messageCount) }));
}

/**
 * One row per recipient: to the named active users of the tenant, or (userIds null) to every
 * active user of the tenant. The rows go in with one INSERT, so a message is sent to all or none.
 * Returns the recipients.
 */
export async function insertMessages(
  db: Db,
  input: { tenantId: number; userIds: number[] | null; title: string; content: string; now: number },
): Promise<number[]> {
  if (input.userIds?.length === 0) return [];
  const recipients = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, input.tenantId),
        eq(users.status, 'active'),
        input.userIds ? inArray(users.id, input.userIds) : undefined,
      ),
    );
  if (recipients.length === 0) return [];
  const rows = await db
    .insert(userMessages)
    .values(
      recipients.map((r) => ({
        tenantId: input.tenantId,
        userId: r.id,
        title: input.title,
        content: input.content,
        isRead: false,
        createdAt: input.now,
      })),
    )
    .returning({ userId: userMessages.userId });
  return rows.map((r) => r.userId);
}

export async function findUserIdByName(
  db: Db,
  tenantId: number,
  userName: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.userName, userName)));
  return row?.id;
}

// Help and about articles.

const liveArticle = (tenantId: number, kind: ArticleKind) =>
  and(
    eq(contentArticles.tenantId, tenantId),
    eq(contentArticles.kind, kind),
    eq(contentArticles.enabled, true),
  );

export async function listArticles(db: Db, tenantId: number, kind: ArticleKind) {
  return db
    .select({ id: contentArticles.id, title: contentArticles.title })
    .from(contentArticles)
    .where(liveArticle(tenantId, kind))
    .orderBy(asc(contentArticles.sortOrder), asc(contentArticles.id));
}

export async function findArticle(db: Db, tenantId: number, kind: ArticleKind, id: number) {
  const [row] = await db
    .select({ id: contentArticles.id, title: contentArticles.title, content: contentArticles.content })
    .from(contentArticles)
    .where(and(liveArticle(tenantId, kind), eq(contentArticles.id, id)));
  return row;
}

export async function insertArticle(
  db: Db,
  input: {
    tenantId: number;
    kind: ArticleKind;
    title: string;
    content: string;
    sortOrder: number;
    now: number;
  },
): Promise<number> {
  const [row] = await db
    .insert(contentArticles)
    .values({ ...input, enabled: true, createdAt: input.now })
    .returning({ id: contentArticles.id });
  return row!.id;
}

/** The picture of the home page's first banner (listBanners' order), if any banner is shown. */
export async function firstBannerImage(db: Db, tenantId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ imageUrl: banners.imageUrl })
    .from(banners)
    .where(and(eq(banners.tenantId, tenantId), eq(banners.enabled, true)))
    .orderBy(asc(banners.sortOrder), asc(banners.id))
    .limit(1);
  return row?.imageUrl;
}
