import { AgentApi } from '@lottery/contract/agent';
import { MessageApi } from '@lottery/contract/content';
import { FilesApi } from '@lottery/contract/files-api';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { type CallReply, call, callEnvelope, callUpload, onReplyMismatch } from './call';
import { configureResponseEffects } from './client';
import type { Envelope } from './envelope';

let calls: { url: string; init: RequestInit }[] = [];
let mismatches: string[] = [];
let toasts: string[] = [];

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
  toasts = [];
  configureResponseEffects({
    toast: (message) => void toasts.push(message),
    isLoggedIn: () => true,
    currentPath: () => '/home',
  });
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

describe('callEnvelope', () => {
  it('sends the input as call does and answers the whole envelope, its message included', async () => {
    answer({ code: 1, msg: '删除成功' });
    const envelope = await callEnvelope(AgentApi.deleteInviteCode, { id: 4 });
    expectTypeOf(envelope).toEqualTypeOf<Envelope<CallReply<typeof AgentApi.deleteInviteCode>>>();
    expect(envelope).toEqual({ code: 1, msg: '删除成功' });
    expect(calls[0]!.url).toBe(`/v1/enpath/${btoa('users/deleteInviteCode')}`);
    expect(calls[0]!.init.method).toBe('POST');
    expect(String(calls[0]!.init.body)).toBe('id=4');
  });

  it('hands a passed-through code to the caller unshown, and does not check its data', async () => {
    answer({ code: -2, msg: '消息不存在', data: { unrelated: true } });
    const envelope = await callEnvelope(MessageApi.deleteMessage, { id: 3 }, { passCodes: [-2] });
    expect(envelope.code).toBe(-2);
    expect(envelope.msg).toBe('消息不存在');
    expect(toasts).toEqual([]);
    expect(mismatches).toEqual([]);
  });

  it('reports the data of a code-1 reply its schema refuses', async () => {
    answer({ code: 1, msg: 'ok', data: { messageCount: '2' } });
    const envelope = await callEnvelope(MessageApi.unReadMessage);
    expect(envelope.data).toEqual({ messageCount: '2' });
    expect(mismatches).toEqual(['users/unReadMessage']);
  });

  it('rejects a code the caller did not pass through, told once by the shared rules', async () => {
    answer({ code: -2, msg: '消息不存在' });
    await expect(callEnvelope(MessageApi.deleteMessage, { id: 3 })).rejects.toMatchObject({
      code: -2,
      handled: true,
    });
    expect(toasts).toEqual(['消息不存在']);
  });
});

describe('callUpload', () => {
  const parts = (body: BodyInit | null | undefined) => [...(body as FormData).entries()];

  it('posts the fields, then every file under `file`, as multipart to the enpath URL', async () => {
    answer({ code: 1, msg: 'ok', data: { orderNo: 'D1', names: ['a', 'b'], count: 2, max: 5 } });
    const first = new File(['1'], 'a.jpg');
    const second = new File(['2'], 'b.jpg');
    const { data } = await callUpload(FilesApi.uploadImageFiles, {
      fields: { orderNo: 'D1' },
      files: [
        { file: first, name: 'a.jpg' },
        { file: second, name: 'b.jpg' },
      ],
    });
    expectTypeOf(data).toEqualTypeOf<CallReply<typeof FilesApi.uploadImageFiles>>();
    expect(data.count).toBe(2);
    expect(calls[0]!.url).toBe(`/v1/enpath/${btoa('files/uploadImageFiles')}`);
    expect(calls[0]!.init.method).toBe('POST');
    const sent = parts(calls[0]!.init.body);
    expect(sent.map(([key]) => key)).toEqual(['orderNo', 'file', 'file']);
    expect(sent[0]![1]).toBe('D1');
    expect((sent[1]![1] as File).name).toBe('a.jpg');
    expect((sent[2]![1] as File).name).toBe('b.jpg');
    expect(mismatches).toEqual([]);
  });

  it("answers the server's message with the data, and reports data its schema refuses", async () => {
    answer({ code: 1, msg: '收藏成功', data: { imgPath: '/i/1.jpg' } });
    const reply = await callUpload(FilesApi.uploadChatFile, {
      fields: { isFavorite: '1' },
      files: [{ file: new Blob(['x']), name: 'image.jpg' }],
    });
    expect(reply.msg).toBe('收藏成功');
    expect(mismatches).toEqual(['files/uploadChatFile']);
  });

  it("rejects a refusal with the server's message, not yet shown", async () => {
    answer({ code: -2, msg: '图片格式不正确' });
    await expect(
      callUpload(FilesApi.uploadImage, { files: [{ file: new Blob(['x']), name: 'a.gif' }] }),
    ).rejects.toMatchObject({ code: -2, message: '图片格式不正确', handled: false });
    expect(toasts).toEqual([]);
  });
});
