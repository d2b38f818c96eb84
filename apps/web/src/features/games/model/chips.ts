/** Chip values (yuan) a player picks before tapping an area. */
export const CHIP_VALUES = [1, 5, 10, 50, 100, 500] as const;

/** Stakes of this round by area, kept in cents so sums are exact. */
export type Stakes = Readonly<Record<string, number>>;

export function addStake(stakes: Stakes, area: string, amountYuan: number): Stakes {
  return { ...stakes, [area]: (stakes[area] ?? 0) + Math.round(amountYuan * 100) };
}

export function totalStakeCents(stakes: Stakes): number {
  return Object.values(stakes).reduce((s, c) => s + c, 0);
}

export function centsToYuan(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The win/loss line of a settled round from the frame's `mine` (decimal yuan strings). `mine`
 * carries the stake; what left the wallet is stake × debitPerStake (4 in 百人牛牛), so the result is
 * credit − debit.
 */
export function roundSummary(
  betMoney: string,
  returnMoney: string,
  debitPerStake = 1,
): { profitCents: number; text: string } {
  const profitCents =
    Math.round(Number(returnMoney) * 100) - Math.round(Number(betMoney) * 100) * debitPerStake;
  const text =
    profitCents > 0
      ? `本局赢 ${centsToYuan(profitCents)}元`
      : profitCents < 0
        ? `本局输 ${centsToYuan(-profitCents)}元`
        : '本局持平';
  return { profitCents, text };
}
