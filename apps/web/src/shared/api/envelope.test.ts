import { describe, expect, it } from 'vitest';
import { ApiError, retryUnanswered, TRANSPORT_CODE } from './envelope';

const failure = (code: number) => new ApiError({ code, msg: 'x', handled: true });

describe('retryUnanswered', () => {
  it('tries once more a call that never reached a reply', () => {
    for (const code of [
      TRANSPORT_CODE.timeout,
      TRANSPORT_CODE.offline,
      TRANSPORT_CODE.noStatus,
      TRANSPORT_CODE.http,
    ])
      expect(retryUnanswered(0, failure(code))).toBe(true);
    expect(retryUnanswered(0, new TypeError('boom'))).toBe(true);
    expect(retryUnanswered(1, failure(TRANSPORT_CODE.timeout))).toBe(false);
  });

  it('never asks again after a reply, whatever its code (yuebao switched off is -110004)', () => {
    for (const code of [-2, -40, -110004, -110005, TRANSPORT_CODE.cancelled])
      expect(retryUnanswered(0, failure(code))).toBe(false);
  });
});
