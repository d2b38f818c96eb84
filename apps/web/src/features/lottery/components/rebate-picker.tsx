import { formatRebateTenths } from '@lottery/rules/odds';

/** The sheet loads when the chip is first tapped (betting-dialogs.ts). */
const loadBettingDialogs = () => import('./betting-dialogs');

/**
 * The footer's rebate chip (spec/betting.md §3 bettingPoint): the part of his rebate the player takes
 * now, from 0 to his whole rebate in steps of 0.5% plus the whole rebate itself (a short list a thumb
 * can pick from; the server accepts any 0.1% step). Taking rebate lowers the odds to the prize group
 * the server prices the bet at (2 points of group per 0.1%); it is written "0-<point>" and the part
 * after the hyphen is sent.
 */
export function RebatePicker({
  rebateTenths,
  pointTenths,
  onChange,
}: {
  /** The player's rebate; undefined while it is loading or after it failed. */
  rebateTenths: number | undefined;
  pointTenths: number;
  onChange(pointTenths: number): void;
}) {
  const disabled = rebateTenths === undefined || rebateTenths <= 0;
  const open = () =>
    void loadBettingDialogs().then(({ openRebateSheet }) => openRebateSheet(rebateTenths ?? 0, onChange));
  return (
    <button
      type="button"
      className="rebate-chip"
      data-testid="rebate-chip"
      disabled={disabled}
      onClick={open}
    >
      返点 {bettingPointText(pointTenths)}%
    </button>
  );
}

/** The footer's bettingPoint text, "0-" plus the point taken. */
export function bettingPointText(pointTenths: number): string {
  return `0-${formatRebateTenths(pointTenths)}`;
}
