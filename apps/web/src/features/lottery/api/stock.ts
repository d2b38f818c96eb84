import { DrawApi } from '@lottery/contract/draw';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** How often the stock screens re-read: a house stock code draws every 2 minutes. */
const STOCK_POLL_MS = 30_000;

/** management/content/getStockLotteryDataFront: the STOCK codes, as the catalogue lists them. */
export const useStockLotteries = () =>
  useQuery({
    queryKey: ['stock', 'lotteries'],
    queryFn: ({ signal }) => call(DrawApi.stockLotteryData, undefined, { signal }),
    staleTime: 5 * 60_000,
  });

/** lottery/stockLastTrendData: the latest draw and its change (null before any draw). */
export const useStockLast = (lotteryCode: string) =>
  useQuery({
    queryKey: ['stock', 'last', lotteryCode],
    queryFn: ({ signal }) => call(DrawApi.stockLastTrend, { lotteryCode }, { signal }),
    refetchInterval: STOCK_POLL_MS,
  });

/** stock/todayTrendData: today's draws, oldest first. */
export const useStockToday = (lotteryCode: string) =>
  useQuery({
    queryKey: ['stock', 'today', lotteryCode],
    queryFn: ({ signal }) => call(DrawApi.stockTodayTrend, { lotteryCode }, { signal }),
    refetchInterval: STOCK_POLL_MS,
  });

/** stock/trendChart: one candle per Beijing day with draws. */
export const useStockDays = (lotteryCode: string, days: number) =>
  useQuery({
    queryKey: ['stock', 'days', lotteryCode, days],
    queryFn: ({ signal }) => call(DrawApi.stockTrendChart, { lotteryCode, days }, { signal }),
    staleTime: 5 * 60_000,
  });
