import { AccountApi } from '@lottery/contract/account';
import { describe, expect, it } from 'vitest';
import { UserInfoEndpoint } from './get-user-info';

const route = (e: { path: string; method: string; login?: boolean }) => ({
  path: e.path,
  method: e.method,
  login: e.login,
});

describe('user calls without zod in the first load', () => {
  it('name the contract endpoints: same path, method and login', () => {
    expect(route(UserInfoEndpoint)).toEqual(route(AccountApi.info));
  });
});
