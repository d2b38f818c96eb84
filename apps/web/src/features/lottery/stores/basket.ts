import { create } from 'zustand';
import type { BasketLine } from '../model/basket';

/** The 号码栏 basket of each lottery (kept while the player moves between plays of that lottery). */
interface BasketState {
  byLottery: Record<string, BasketLine[]>;
  set(lotteryCode: string, lines: BasketLine[]): void;
  clear(lotteryCode: string): void;
}

export const useBasketStore = create<BasketState>((set) => ({
  byLottery: {},
  set: (lotteryCode, lines) => set((s) => ({ byLottery: { ...s.byLottery, [lotteryCode]: lines } })),
  clear: (lotteryCode) => set((s) => ({ byLottery: { ...s.byLottery, [lotteryCode]: [] } })),
}));

const EMPTY: BasketLine[] = [];
export const useBasket = (lotteryCode: string) => useBasketStore((s) => s.byLottery[lotteryCode] ?? EMPTY);
