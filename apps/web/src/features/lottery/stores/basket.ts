import { create } from 'zustand';
import type { BasketLine } from '../model/basket';
import type { ChaseOptions } from '../model/chase';

/**
 * The 号码栏 basket of each lottery (kept while the player moves between plays of that lottery),
 * and its 追号 settings when chase mode is on (null when off).
 */
interface BasketState {
  byLottery: Record<string, BasketLine[]>;
  chaseByLottery: Record<string, ChaseOptions | null>;
  set(lotteryCode: string, lines: BasketLine[]): void;
  clear(lotteryCode: string): void;
  setChase(lotteryCode: string, options: ChaseOptions | null): void;
}

export const useBasketStore = create<BasketState>((set) => ({
  byLottery: {},
  chaseByLottery: {},
  set: (lotteryCode, lines) => set((s) => ({ byLottery: { ...s.byLottery, [lotteryCode]: lines } })),
  clear: (lotteryCode) => set((s) => ({ byLottery: { ...s.byLottery, [lotteryCode]: [] } })),
  setChase: (lotteryCode, options) =>
    set((s) => ({ chaseByLottery: { ...s.chaseByLottery, [lotteryCode]: options } })),
}));

const EMPTY: BasketLine[] = [];
export const useBasket = (lotteryCode: string) => useBasketStore((s) => s.byLottery[lotteryCode] ?? EMPTY);
export const useChase = (lotteryCode: string) => useBasketStore((s) => s.chaseByLottery[lotteryCode] ?? null);
