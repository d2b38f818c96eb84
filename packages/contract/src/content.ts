import { z } from 'zod';
import { endpoint } from './endpoint';
import { bigserialId, serialId } from './ids';

/**
 * Notices, personal messages, help and about articles (spec/platform.md §2 "Messages and help",
 * §7 "Content"). Article bodies are operator HTML, sanitised by the server when stored and again
 * when served; the web renders them as given. Shapes and decisions: docs/content.md.
 */

/** Lists page by pageNum (from 1) and pageSize (1-50, default 10). */
export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** One row of the notice or message list; `isRead` false for a visitor. */
export const contentListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  createdAt: z.number(),
  isRead: z.boolean(),
});
export type ContentListItem = z.infer<typeof contentListItem>;

export const contentPage = z.object({
  rows: z.array(contentListItem),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type ContentPage = z.infer<typeof contentPage>;

/** A notice or message with its sanitised HTML body. */
export const contentDetail = contentListItem.extend({ content: z.string() });
export type ContentDetail = z.infer<typeof contentDetail>;

export const unreadCounts = z.object({
  /** Personal messages not yet opened (the /secretMessage badge). */
  messageCount: z.number().int(),
  /** Enabled notices the player has not opened. */
  announcementCount: z.number().int(),
});
export type UnreadCounts = z.infer<typeof unreadCounts>;

export const articleItem = z.object({ id: z.number().int(), title: z.string() });
export type ArticleItem = z.infer<typeof articleItem>;
export const articleDetail = articleItem.extend({ content: z.string() });
export type ArticleDetail = z.infer<typeof articleDetail>;

export const CONTENT_TEXTS = {
  noticeMissing: '公告不存在',
  messageMissing: '消息不存在',
  articleMissing: '文章不存在',
  deleted: '删除成功',
} as const;

/**
 * Notices and articles are int4 rows, personal messages int8 (ids.ts): an id past its column
 * answers as an unknown one (-2 公告不存在 / 文章不存在 / 消息不存在), a malformed one -2 参数错误.
 */
export const idQuery = z.object({ id: serialId(CONTENT_TEXTS.noticeMissing) });
export const idForm = z.object({ id: serialId(CONTENT_TEXTS.noticeMissing) });
export const articleIdQuery = z.object({ id: serialId(CONTENT_TEXTS.articleMissing) });
export const messageIdQuery = z.object({ id: bigserialId(CONTENT_TEXTS.messageMissing) });
export const messageIdForm = z.object({ id: bigserialId(CONTENT_TEXTS.messageMissing) });

export const NoticeApi = {
  announcementList: endpoint({
    method: 'GET',
    path: 'users/announcementList',
    summary: 'Notices, newest first, paged; isRead for a logged-in player',
    request: pageQuery,
    data: contentPage,
  }),
  announcementContent: endpoint({
    method: 'GET',
    path: 'users/announcementContent',
    summary: 'One notice with its sanitised HTML body',
    request: idQuery,
    data: contentDetail,
  }),
  setAnnouncementRead: endpoint({
    method: 'POST',
    path: 'users/setAnnouncementRead',
    summary: 'Mark a notice read (idempotent)',
    request: idForm,
    login: true,
  }),
};

export const MessageApi = {
  unReadMessage: endpoint({
    method: 'GET',
    path: 'users/unReadMessage',
    summary: 'Unread personal messages and notices',
    data: unreadCounts,
    login: true,
  }),
  messageList: endpoint({
    method: 'GET',
    path: 'users/messageList',
    summary: "The player's own messages, newest first, paged",
    request: pageQuery,
    data: contentPage,
    login: true,
  }),
  messageContent: endpoint({
    method: 'GET',
    path: 'users/messageContent',
    summary: "One of the player's own messages (another's answers 消息不存在)",
    request: messageIdQuery,
    data: contentDetail,
    login: true,
  }),
  setMessageRead: endpoint({
    method: 'POST',
    path: 'users/setMessageRead',
    summary: 'Mark one of the own messages read (idempotent)',
    request: messageIdForm,
    login: true,
  }),
  deleteMessage: endpoint({
    method: 'POST',
    path: 'users/deleteMessage',
    summary: 'Delete one of the own messages',
    request: messageIdForm,
    login: true,
  }),
};

export const ArticleApi = {
  getIntroductionList: endpoint({
    method: 'GET',
    path: 'management/content/getIntroductionList',
    summary: 'About-us articles (关于我们) in order',
    data: z.array(articleItem),
  }),
  findByIdIntroduction: endpoint({
    method: 'GET',
    path: 'management/content/findByIdIntroduction',
    summary: 'One about-us article',
    request: articleIdQuery,
    data: articleDetail,
  }),
  getAssistanceList: endpoint({
    method: 'GET',
    path: 'management/content/getAssistanceList',
    summary: 'Help articles (帮助中心) in order',
    data: z.array(articleItem),
  }),
  findByIdAssistance: endpoint({
    method: 'GET',
    path: 'management/content/findByIdAssistance',
    summary: 'One help article',
    request: articleIdQuery,
    data: articleDetail,
  }),
};
