import { describe, expect, it } from 'vitest';
import { ApiError, TRANSPORT_CODE } from '../api/envelope';
import { zhCN } from '../locales/zh-CN';
import { failureText, queryFailure } from './list-states';

const transport = (code: number, status?: number) => new ApiError({ code, msg: 'x', handled: true, status });

describe('the failed state of a page (spec/platform.md §8)', () => {
  it('names the failure as §8 does', () => {
    expect(failureText(transport(TRANSPORT_CODE.http, 500))).toBe('当前网络不可用，请联系客服人员');
    expect(failureText(transport(TRANSPORT_CODE.http, 503))).toBe(zhCN.httpForbiddenOrUnavailable);
    expect(failureText(transport(TRANSPORT_CODE.offline))).toBe('当前网络不可用，请检查网络后重试');
    expect(failureText(transport(TRANSPORT_CODE.noStatus))).toBe(zhCN.noStatus);
    expect(failureText(new ApiError({ code: -2, msg: '活动已结束', handled: false }))).toBe('活动已结束');
    expect(failureText(new ApiError({ code: -110004, msg: '余额宝未开启', handled: true }))).toBe(
      '余额宝未开启',
    );
  });

  it('counts a call held back while offline as failed, never as loading', () => {
    const paused = { isPending: true, isError: false, error: null, fetchStatus: 'paused' as const };
    expect(failureText(queryFailure(paused))).toBe(zhCN.offline);
    expect(
      queryFailure({ isPending: true, isError: false, error: null, fetchStatus: 'fetching' }),
    ).toBeUndefined();
    expect(
      queryFailure({ isPending: false, isError: false, error: null, fetchStatus: 'idle' }),
    ).toBeUndefined();
  });
});
