import { BettingApi } from '@lottery/contract/betting';
import { ChaseApi } from '@lottery/contract/chase';
import { DrawApi } from '@lottery/contract/draw';
import { FastBetApi } from '@lottery/contract/fast-bet';
import { ContentApi, LotteryApi } from '@lottery/contract/site';
import { describe, expect, it } from 'vitest';
import { AddBettingEndpoint } from './add-betting';
import { AddChaseBettingEndpoint } from './add-chase-betting';
import { AddFastBettingEndpoint } from './add-fast-betting';
import { BetRebateEndpoint } from './bet-rebate';
import { CatalogueEndpoint } from './get-all-lottery-data';
import { NoticesEndpoint } from './get-announcements';
import { BannersEndpoint } from './get-banners';
import { LotteryOpenDataEndpoint } from './lottery-open-data';
import { OpenResultEndpoint } from './open-result';

const route = (e: { path: string; method: string; login?: boolean }) => ({
  path: e.path,
  method: e.method,
  login: e.login,
});

describe('the hall and play page calls, without zod in their first load', () => {
  it('name the contract endpoints: same path, method and login', () => {
    expect(route(CatalogueEndpoint)).toEqual(route(LotteryApi.getAllLotteryDataFront));
    expect(route(NoticesEndpoint)).toEqual(route(ContentApi.announcement));
    expect(route(BannersEndpoint)).toEqual(route(ContentApi.imageBannerHomeMobileFront));
    expect(route(LotteryOpenDataEndpoint)).toEqual(route(DrawApi.lotteryOpenData));
    expect(route(OpenResultEndpoint)).toEqual(route(DrawApi.openResult));
    expect(route(BetRebateEndpoint)).toEqual(route(BettingApi.getBetRebate));
    expect(route(AddBettingEndpoint)).toEqual(route(BettingApi.addBetting));
    expect(route(AddChaseBettingEndpoint)).toEqual(route(ChaseApi.addChaseBetting));
    expect(route(AddFastBettingEndpoint)).toEqual(route(FastBetApi.addFastBetting));
  });
});
