import { AccountApi } from '@lottery/contract/account';
import { describe, expect, it } from 'vitest';
import { IsLoginEndpoint } from './is-login';

describe('users/isLogin without zod in the first load', () => {
  it('names the contract endpoint: same path and method', () => {
    expect({ path: IsLoginEndpoint.path, method: IsLoginEndpoint.method }).toEqual({
      path: AccountApi.isLogin.path,
      method: AccountApi.isLogin.method,
    });
  });
});
