import { describe, expect, it } from 'vitest';
import { form, json, passwordDigest, sessionCookie, testApp, uniqueName } from '../../test/app';
import { findTenant } from '../site/index';
import { createArticle, publishNotice, sendMessage } from './index';

type Page = { rows: { id: number; title: string; isRead: boolean; createdAt: number }[]; total: number };
type Detail = { id: number; title: string; content: string; isRead: boolean };
type Counts = { messageCount: number; announcementCount: number };

describe('notices, personal messages, help and about', async () => {
  const { app, database, clock } = await testApp();
  const db = database.db;
  const tenantId = (await findTenant(db, 'demo'))!.id;
  let ip = 0;

  async function player() {
    const userName = uniqueName('cm');
    ip += 1;
    const res = await app.inject({
      method: 'POST',
      url: '/v1/users/register',
      remoteAddress: `10.40.${ip}.1`,
      ...form({ userName, password: passwordDigest(userName, 'Good@123') }),
    });
    const body = json<{ userId: number }>(res);
    return { userName, cookie: sessionCookie(res), userId: body.data!.userId };
  }
  const get = <T>(url: string, cookie?: string) =>
    app
      .inject({ method: 'GET', url: `/v1/${url}`, headers: cookie ? { cookie } : {} })
      .then((r) => json<T>(r));
  const post = <T>(url: string, body: Record<string, string | number>, cookie?: string) => {
    const f = form(body);
    return app
      .inject({
        method: 'POST',
        url: `/v1/${url}`,
        payload: f.payload,
        headers: { ...f.headers, ...(cookie ? { cookie } : {}) },
      })
      .then((r) => json<T>(r));
  };

  it('pages notices newest first, marks them read per player, and answers a visitor too', async () => {
    const me = await player();
    const id = await publishNotice(db, {
      tenantId,
      title: '系统维护通知',
      content: '<p>今晚维护</p>',
      now: clock.now() + 10_000,
    });
    const first = await get<Page>('users/announcementList?pageNum=1&pageSize=2', me.cookie);
    expect(first.code).toBe(1);
    expect(first.data!.rows[0]).toMatchObject({ id, title: '系统维护通知', isRead: false });
    expect(first.data!.rows).toHaveLength(2);
    expect(first.data!.total).toBeGreaterThanOrEqual(3);
    const before = (await get<Counts>('users/unReadMessage', me.cookie)).data!.announcementCount;

    expect((await post('users/setAnnouncementRead', { id }, me.cookie)).code).toBe(1);
    expect((await post('users/setAnnouncementRead', { id }, me.cookie)).code).toBe(1);
    expect((await get<Counts>('users/unReadMessage', me.cookie)).data!.announcementCount).toBe(before - 1);
    expect((await get<Detail>(`users/announcementContent?id=${id}`, me.cookie)).data).toMatchObject({
      title: '系统维护通知',
      content: '<p>今晚维护</p>',
      isRead: true,
    });
    // another player has not read it; a visitor sees it unread and cannot mark it
    const other = await player();
    expect((await get<Page>('users/announcementList', other.cookie)).data!.rows[0]!.isRead).toBe(false);
    expect((await get<Page>('users/announcementList')).data!.rows[0]).toMatchObject({ id, isRead: false });
    expect((await post('users/setAnnouncementRead', { id })).code).toBe(0);
    expect((await get('users/announcementContent?id=999999')).msg).toBe('公告不存在');
  });

  it('delivers a message to one player, who reads it (the count drops) and deletes it', async () => {
    const me = await player();
    const other = await player();
    expect((await get<Counts>('users/unReadMessage', me.cookie)).data!.messageCount).toBe(0);
    expect(
      await sendMessage(db, {
        tenantId,
        userIds: [me.userId],
        title: '中奖通知',
        content: '<p>恭喜</p>',
        now: clock.now(),
      }),
    ).toEqual([me.userId]);

    expect((await get<Counts>('users/unReadMessage', me.cookie)).data!.messageCount).toBe(1);
    expect((await get<Counts>('users/unReadMessage', other.cookie)).data!.messageCount).toBe(0);
    const list = (await get<Page>('users/messageList', me.cookie)).data!;
    expect(list.total).toBe(1);
    const [row] = list.rows;
    expect(row).toMatchObject({ title: '中奖通知', isRead: false });

    expect((await get<Detail>(`users/messageContent?id=${row!.id}`, me.cookie)).data).toMatchObject({
      content: '<p>恭喜</p>',
    });
    expect((await post('users/setMessageRead', { id: row!.id }, me.cookie)).code).toBe(1);
    expect((await get<Counts>('users/unReadMessage', me.cookie)).data!.messageCount).toBe(0);
    expect((await get<Page>('users/messageList', me.cookie)).data!.rows[0]!.isRead).toBe(true);

    const del = await post('users/deleteMessage', { id: row!.id }, me.cookie);
    expect(del).toMatchObject({ code: 1, msg: '删除成功' });
    expect((await get<Page>('users/messageList', me.cookie)).data!.total).toBe(0);
    expect((await post('users/deleteMessage', { id: row!.id }, me.cookie)).msg).toBe('消息不存在');
  });

  it("never shows, reads or deletes another player's message (IDOR)", async () => {
    const owner = await player();
    const thief = await player();
    await sendMessage(db, {
      tenantId,
      userIds: [owner.userId],
      title: '私人消息',
      content: '<p>秘密</p>',
      now: clock.now(),
    });
    const id = (await get<Page>('users/messageList', owner.cookie)).data!.rows[0]!.id;

    const peek = await get<Detail>(`users/messageContent?id=${id}`, thief.cookie);
    expect(peek.code).not.toBe(1);
    expect(peek.msg).toBe('消息不存在');
    expect(JSON.stringify(peek)).not.toContain('秘密');
    expect((await post('users/setMessageRead', { id }, thief.cookie)).msg).toBe('消息不存在');
    expect((await post('users/deleteMessage', { id }, thief.cookie)).msg).toBe('消息不存在');
    // untouched for its owner
    expect((await get<Page>('users/messageList', owner.cookie)).data!.rows[0]).toMatchObject({
      id,
      isRead: false,
    });
    // a visitor gets code 0 on every message call
    for (const url of ['users/unReadMessage', 'users/messageList', `users/messageContent?id=${id}`]) {
      expect((await get(url)).code).toBe(0);
    }
    expect((await post('users/deleteMessage', { id })).code).toBe(0);
  });

  it('sends a message to every active player in one go', async () => {
    const a = await player();
    const b = await player();
    const sent = await sendMessage(db, {
      tenantId,
      userIds: null,
      title: '全站消息',
      content: 'hi',
      now: clock.now(),
    });
    expect(sent).toEqual(expect.arrayContaining([a.userId, b.userId]));
    for (const p of [a, b]) {
      expect((await get<Page>('users/messageList', p.cookie)).data!.rows[0]!.title).toBe('全站消息');
    }
  });

  it('neutralises script, event handlers, javascript: URLs and foreign images, stored and served', async () => {
    const evil =
      '<p onclick="steal()">正文<script>alert(1)</script></p><img src="/static/x.png" onerror="alert(2)"><a href="javascript:alert(3)">链接</a><img src="https://tracker.example/p.gif">';
    const id = await publishNotice(db, {
      tenantId,
      title: '恶意公告',
      content: evil,
      now: clock.now() + 20_000,
    });
    const stored = await database.query<{ content: string }>(
      'SELECT content FROM announcements WHERE id = $1',
      [id],
    );
    const served = (await get<Detail>(`users/announcementContent?id=${id}`)).data!.content;
    for (const html of [stored[0]!.content, served]) {
      expect(html).toBe('<p>正文</p><img src="/static/x.png" /><a>链接</a>');
    }
    // a row written around the sanitiser (older data, a manual fix) is cleaned on the way out
    await database.query('UPDATE announcements SET content = $1 WHERE id = $2', [evil, id]);
    expect((await get<Detail>(`users/announcementContent?id=${id}`)).data!.content).toBe(
      '<p>正文</p><img src="/static/x.png" /><a>链接</a>',
    );
  });

  it('lists help and about articles in order and serves each body', async () => {
    const help = (await get<{ id: number; title: string }[]>('management/content/getAssistanceList')).data!;
    expect(help.map((h) => h.title).slice(0, 3)).toEqual(['如何充值', '如何提现', '如何投注']);
    const about = (await get<{ id: number; title: string }[]>('management/content/getIntroductionList'))
      .data!;
    expect(about[0]!.title).toBe('关于吉彩娱乐');

    const one = await get<Detail>(`management/content/findByIdAssistance?id=${help[0]!.id}`);
    expect(one.data!.content).toContain('<h3>充值步骤</h3>');
    // an about id is not a help article
    expect((await get(`management/content/findByIdAssistance?id=${about[0]!.id}`)).msg).toBe('文章不存在');
    const id = await createArticle(db, {
      tenantId,
      kind: 'about',
      title: '联系我们',
      content: '<p onmouseover="x()">邮箱</p>',
      sortOrder: 99,
      now: clock.now(),
    });
    expect((await get<Detail>(`management/content/findByIdIntroduction?id=${id}`)).data!.content).toBe(
      '<p>邮箱</p>',
    );
    expect((await get('management/content/findByIdIntroduction?id=abc')).code).toBe(-2);
  });
});
