import { HallReads } from '@lottery/contract/first-screen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

export interface Lottery {
  lotteryCode: string;
  lotteryName: string;
  lotteryType?: string | number;
  family: string;
  iconClass?: string | number;
  isStop?: boolean | number;
  isFastBet?: boolean | number;
  hot?: boolean | number;
}

export interface LotteryFamilyGroup {
  family: string;
  familyName: string;
  lotteries: Lottery[];
}

export interface AllLotteryData {
  lotteryList: LotteryFamilyGroup[];
  lotteryConfig: unknown[];
}

export const getAllLotteryData = (signal?: AbortSignal) =>
  request<AllLotteryData>(HallReads.catalogue, { signal });

export const allLotteryDataQuery = () =>
  queryOptions({
    queryKey: ['lottery', 'allLotteryData'],
    queryFn: ({ signal }) => getAllLotteryData(signal),
    staleTime: 5 * 60_000,
  });

export const useAllLotteryData = () => useQuery(allLotteryDataQuery());
