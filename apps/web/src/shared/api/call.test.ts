import { MessageApi } from '@lottery/contract/content';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { type CallReply, call, onReplyMismatch } from './call';
import { configureResponseEffects } from './client';

let calls: { url: string; init: RequestInit }[] = [];
let mismatches: string[] = [];

function answer(body: unknown) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

beforeEach(() => {
  calls = [];
  mismatches = [];
  configureResponseEffects({ toast: () => undefined, isLoggedIn: () => true, currentPath: () => '/home' });
  onReplyMismatch((path) => mismatches.push(path));
});

afterEach(() => vi.unstubAllGlobals());

describe('call', () => {
  it("takes the path, method and input from the endpoint: a GET's input is its query", async () => {
    answer({
      code: 1,
      msg: 'ok',
      data: { id: 7, title: 't', content: '<p>x</p>', createTime: 1, isRead: true },
    });
    await call(MessageApi.messageContent, { id: 7 });
    expect(calls[0]!.url).toBe(`/v1/enpath/${btoa('users/messageContent')}?id=7`);
    expect(calls[0]!.init.method).toBe('GET');
  });

  it("posts a POST's input form-encoded", async () => {
    answer({ code: 1, msg: '删除成功' });
    await call(MessageApi.deleteMessage, { id: 3 });
    expect(calls[0]!.url).toBe(`/v1/enpath/${btoa('users/deleteMessage')}`);
    expect(calls[0]!.init.method).toBe('POST');
    expect(String(calls[0]!.init.body)).toBe('id=3');
  });

  it('answers with the reply typed by the contract, and reports a reply its schema refuses', async () => {
    answer({ code: 1, msg: 'ok', data: { messageCount: 2, announcementCount: 1 } });
    const counts = await call(MessageApi.unReadMessage);
    expectTypeOf(counts).toEqualTypeOf<CallReply<typeof MessageApi.unReadMessage>>();
    expectTypeOf(counts.messageCount).toBeNumber();
    expect(counts).toEqual({ messageCount: 2, announcementCount: 1 });
    expect(mismatches).toEqual([]);

    answer({ code: 1, msg: 'ok', data: { messageCount: '2' } });
    await call(MessageApi.unReadMessage);
    expect(mismatches).toEqual(['users/unReadMessage']);
  });

  it('rejects a refusal as request() does', async () => {
    answer({ code: -2, msg: '消息不存在' });
    await expect(call(MessageApi.deleteMessage, { id: 3 })).rejects.toMatchObject({
      code: -2,
      message: '消息不存在',
    });
  });
});
