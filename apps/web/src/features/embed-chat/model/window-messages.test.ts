import { describe, expect, it } from 'vitest';
import { chatFrameTarget, messageFromChat, messageFromHost } from './window-messages';

const frame = { name: 'chat frame window' };
const other = { name: 'another window' };
const here = 'https://lottery.example/embedChat';

describe('chat frame target', () => {
  it('uses our own chat page when the config names none, else the configured URL', () => {
    expect(chatFrameTarget('', here)).toEqual({
      src: 'https://lottery.example/embedChatApp',
      origin: 'https://lottery.example',
    });
    expect(chatFrameTarget('https://chat.example/app?x=1', here)).toEqual({
      src: 'https://chat.example/app?x=1',
      origin: 'https://chat.example',
    });
  });
});

describe('messages the host accepts', () => {
  const expected = { origin: 'https://lottery.example', source: frame };
  const start = { ltType: 'ThirdPartyLoginStart' };

  it('takes a known message from the chat frame at the allowed origin', () => {
    expect(messageFromChat({ origin: expected.origin, source: frame, data: start }, expected)).toEqual(start);
    const register = { ltType: 'RegisterAccount', uid: '12345678' };
    expect(messageFromChat({ origin: expected.origin, source: frame, data: register }, expected)).toEqual(
      register,
    );
  });

  it('ignores another origin, another window, an unknown ltType, and a frame not loaded yet', () => {
    expect(
      messageFromChat({ origin: 'https://evil.example', source: frame, data: start }, expected),
    ).toBeUndefined();
    expect(
      messageFromChat({ origin: expected.origin, source: other, data: start }, expected),
    ).toBeUndefined();
    expect(
      messageFromChat({ origin: expected.origin, source: frame, data: { ltType: 'Transfer' } }, expected),
    ).toBeUndefined();
    expect(
      messageFromChat({ origin: expected.origin, source: null, data: start }, { ...expected, source: null }),
    ).toBeUndefined();
  });
});

describe('messages the frame accepts', () => {
  const expected = { origin: 'https://lottery.example', source: other };
  it('takes the host reply only from its parent at our origin', () => {
    const reply = { ltType: 'TenantNameRequest', tenantName: '演示站' };
    expect(messageFromHost({ origin: expected.origin, source: other, data: reply }, expected)).toEqual(reply);
    expect(
      messageFromHost({ origin: 'http://127.0.0.1:1', source: other, data: reply }, expected),
    ).toBeUndefined();
    expect(
      messageFromHost({ origin: expected.origin, source: frame, data: reply }, expected),
    ).toBeUndefined();
  });
});
