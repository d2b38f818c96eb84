import { describe, expect, it } from 'vitest';
import { socketUrl } from './socket-url';

describe('socketUrl', () => {
  it('opens wss on an https page and ws on an http one, at the enpath form of the path', () => {
    expect(socketUrl('live/socket', { code: '1401' }, 'https://a.test')).toBe(
      `wss://a.test/v1/enpath/${btoa('live/socket')}?code=1401`,
    );
    expect(socketUrl('live/socket', { code: '1401' }, 'http://localhost:5173')).toBe(
      `ws://localhost:5173/v1/enpath/${btoa('live/socket')}?code=1401`,
    );
  });

  it("encodes the server's /v1/ path as the contract's, and leaves undefined values out", () => {
    expect(socketUrl('/v1/game/socket', { gameCode: 'nn100', token: undefined }, 'https://a.test')).toBe(
      socketUrl('game/socket', { gameCode: 'nn100' }, 'https://a.test'),
    );
    expect(socketUrl('game/socket', undefined, 'https://a.test')).toBe(
      `wss://a.test/v1/enpath/${btoa('game/socket')}`,
    );
  });

  it("takes the page's origin by default", () => {
    expect(socketUrl('live/socket')).toBe(
      `${window.location.origin.replace(/^http/, 'ws')}/v1/enpath/${btoa('live/socket')}`,
    );
  });
});
