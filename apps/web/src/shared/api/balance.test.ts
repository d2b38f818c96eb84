import { WalletApi } from '@lottery/contract/wallet';
import { describe, expect, it } from 'vitest';
import { BalanceEndpoint, balanceKey, balanceQuery } from './balance';

const route = (e: { path: string; method: string; login?: boolean }) => ({
  path: e.path,
  method: e.method,
  login: e.login,
});

describe('the shared balance', () => {
  it('names the contract endpoint without loading its schemas: same path, method and login', () => {
    expect(route(BalanceEndpoint)).toEqual(route(WalletApi.queryBalanceFront));
  });

  it("is cached under one key inside the wallet's, so a wallet refresh includes it", () => {
    expect(balanceQuery().queryKey).toEqual(balanceKey);
    expect(balanceKey[0]).toBe('wallet');
  });
});
