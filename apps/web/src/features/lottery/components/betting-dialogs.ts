import { formatRebateTenths } from '@lottery/rules/odds';
import type { DialogShowProps } from 'antd-mobile';
import { feedbackWidgets } from '../../../shared/ui/feedback';

/*
 * The betting screen's dialogs and sheets that a tap or a rollover opens (loaded then, through
 * loadBettingDialogs, not with the page: none of them is drawn on the first screen).
 */

/**
 * n期已封盘，当前为m期, over whatever dialog is open: a 投注确认 for the old issue would fail with
 * 投注期号错误, and 投注成功 is old news. Closing a confirm cancels it; the basket stays and the next
 * 立即投注 prices it for the new issue. Not shown once `dropped()` (its time is up).
 */
export async function showIssueClosedDialog(
  message: string,
  dropped: () => boolean,
): Promise<{ close(): void } | undefined> {
  const { Dialog } = await feedbackWidgets();
  if (dropped()) return undefined;
  Dialog.clear();
  // antd-mobile passes aria-label to the dialog element (not in its types): screen readers name it.
  const named: DialogShowProps & { 'aria-label': string } = {
    content: message,
    closeOnMaskClick: true,
    'aria-label': message,
  };
  return Dialog.show(named);
}

/** The points offered: 0, 0.5, 1.0, ... and the whole rebate, in tenths of a percent. */
export function rebatePoints(rebateTenths: number): number[] {
  const points: number[] = [];
  for (let t = 0; t < rebateTenths; t += 5) points.push(t);
  points.push(rebateTenths);
  return points;
}

/** The sheet's title with the player's range, e.g. 选择返点（0.0%-7.5%）. */
export function rebateSheetTitle(rebateTenths: number): string {
  return `选择返点（${formatRebateTenths(0)}%-${formatRebateTenths(rebateTenths)}%）`;
}

/** 选择返点: the points of the player's rebate, one tap picks one. */
export async function openRebateSheet(rebateTenths: number, onChange: (pointTenths: number) => void) {
  const { ActionSheet } = await feedbackWidgets();
  const sheet = ActionSheet.show({
    // the player's whole range on top: the chip shows only the part taken (0-0.0% at first)
    extra: rebateSheetTitle(rebateTenths),
    cancelText: '取消',
    // Fits a phone (the list scrolls under a fixed title, 取消 stays in reach): lottery.css.
    popupClassName: 'rebate-sheet',
    actions: rebatePoints(rebateTenths).map((t) => ({
      key: String(t),
      text: `${formatRebateTenths(t)}%`,
      onClick: () => {
        onChange(t);
        sheet.close();
      },
    })),
  });
}

/** 继续选号将退出追号模式，是否继续？ (spec §5): true when the player leaves chase mode. */
export async function confirmLeaveChase(): Promise<boolean> {
  const { Dialog } = await feedbackWidgets();
  return Dialog.confirm({
    content: '继续选号将退出追号模式，是否继续？',
    confirmText: '确定',
    cancelText: '取消',
  });
}
