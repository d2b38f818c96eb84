import type { StockLastTrend, StockTrendPoint, TrendChartDay } from '@lottery/contract/draw';
import { DrawPaths } from '@lottery/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import type { AllLotteryData } from './get-all-lottery-data';

/** How often the stock screens re-read: a house stock code draws every 2 minutes. */
const STOCK_POLL_MS = 30_000;

/** management/content/getStockLotteryDataFront: the STOCK codes, as the catalogue lists them. */
export const useStockLotteries = () =>
  useQuery({
    queryKey: ['stock', 'lotteries'],
    queryFn: ({ signal }) => request<AllLotteryData>(DrawPaths.stockLotteryData, { signal }),
    staleTime: 5 * 60_000,
  });

/** lottery/stockLastTrendData: the latest draw and its change (null before any draw). */
export const useStockLast = (lotteryCode: string) =>
  useQuery({
    queryKey: ['stock', 'last', lotteryCode],
    queryFn: ({ signal }) =>
      request<StockLastTrend | null>(DrawPaths.stockLastTrend, { query: { lotteryCode }, signal }),
    refetchInterval: STOCK_POLL_MS,
  });

/** stock/todayTrendData: today's draws, oldest first. */
export const useStockToday = (lotteryCode: string) =>
  useQuery({
    queryKey: ['stock', 'today', lotteryCode],
    queryFn: ({ signal }) =>
      request<StockTrendPoint[]>(DrawPaths.stockTodayTrend, { query: { lotteryCode }, signal }),
    refetchInterval: STOCK_POLL_MS,
  });

/** stock/trendChart: one candle per Beijing day with draws. */
export const useStockDays = (lotteryCode: string, days: number) =>
  useQuery({
    queryKey: ['stock', 'days', lotteryCode, days],
    queryFn: ({ signal }) =>
      request<TrendChartDay[]>(DrawPaths.stockTrendChart, { query: { lotteryCode, days }, signal }),
    staleTime: 5 * 60_000,
  });
