import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { announcements, banners } from '../../db/schema/tenant';

export async function listBanners(db: Db, tenantId: number) {
  return db
    .select({ id: banners.id, imageUrl: banners.imageUrl, linkUrl: banners.linkUrl, title: banners.title })
    .from(banners)
    .where(and(eq(banners.tenantId, tenantId), eq(banners.enabled, true)))
    .orderBy(asc(banners.sortOrder), asc(banners.id));
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
