import { create } from 'zustand';
import { readJson, STORAGE_KEYS, writeJson } from '../../../shared/lib/storage';
import { useUserStore } from '../../../shared/stores/user';
import { type BasketLine, restoreBaskets, storedBaskets } from '../model/basket';
import type { ChaseOptions } from '../model/chase';

/**
 * The 号码栏 basket of each lottery (kept while the player moves between plays of that lottery),
 * and its 追号 settings when chase mode is on (null when off).
 *
 * The baskets are kept in localStorage for the signed-in user (docs/web-betting.md "The basket
 * kept"): a reload or a reopened app finds them again, and every tab of the app shares them, so a
 * basket placed in one tab is gone from the others; a confirm accepted there over the emptied
 * basket says 选号超时，请重新选号 instead of placing it twice.
 */
interface BasketState {
  byLottery: Record<string, BasketLine[]>;
  chaseByLottery: Record<string, ChaseOptions | null>;
  set(lotteryCode: string, lines: BasketLine[]): void;
  clear(lotteryCode: string): void;
  setChase(lotteryCode: string, options: ChaseOptions | null): void;
}

const owner = (): string => {
  const user = useUserStore.getState().user;
  return user?.login ? String(user.userId) : '';
};

const stored = (): Record<string, BasketLine[]> => restoreBaskets(readJson(STORAGE_KEYS.basket), owner());

export const useBasketStore = create<BasketState>((set) => ({
  byLottery: stored(),
  chaseByLottery: {},
  set: (lotteryCode, lines) => set((s) => ({ byLottery: { ...s.byLottery, [lotteryCode]: lines } })),
  clear: (lotteryCode) => set((s) => ({ byLottery: { ...s.byLottery, [lotteryCode]: [] } })),
  setChase: (lotteryCode, options) =>
    set((s) => ({ chaseByLottery: { ...s.chaseByLottery, [lotteryCode]: options } })),
}));

/** What this tab last wrote or read, so that a change read from another tab is not written back. */
let lastStored = JSON.stringify(readJson(STORAGE_KEYS.basket) ?? null);

useBasketStore.subscribe((state, previous) => {
  if (state.byLottery === previous.byLottery) return;
  const next = storedBaskets(owner(), state.byLottery);
  const text = JSON.stringify(next);
  if (text === lastStored) return;
  lastStored = text;
  writeJson(STORAGE_KEYS.basket, next);
});

// Another user signing in (or signing out) finds its own baskets, never the previous user's.
useUserStore.subscribe((state, previous) => {
  if (state.user?.userId === previous.user?.userId && state.user?.login === previous.user?.login) return;
  useBasketStore.setState({ byLottery: stored(), chaseByLottery: {} });
});

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.basket) return;
    lastStored = event.newValue ?? 'null';
    useBasketStore.setState({ byLottery: stored() });
  });
}

const EMPTY: BasketLine[] = [];
export const useBasket = (lotteryCode: string) => useBasketStore((s) => s.byLottery[lotteryCode] ?? EMPTY);
export const useChase = (lotteryCode: string) => useBasketStore((s) => s.chaseByLottery[lotteryCode] ?? null);
