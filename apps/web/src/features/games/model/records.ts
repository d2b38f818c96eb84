import type { RecordPeriod } from '../api/games';

/** The period dropdown of /ChessRecord (spec/platform.md §2: 今天 / 昨天 / 七天). */
export const RECORD_PERIODS: readonly { key: RecordPeriod; label: string }[] = [
  { key: 'today', label: '今天' },
  { key: 'yesterday', label: '昨天' },
  { key: 'sevenDays', label: '七天' },
];

const OUTCOME_LABELS: Record<string, string> = {
  win: '赢',
  lose: '输',
  push: '和局退本',
  halfLost: '输一半',
  refund: '已退款',
};

/** A bet's state as the record prints it. */
export function betStateLabel(state: number, outcome: string | null): string {
  if (state === 0) return '待开奖';
  if (state === 3) return '已退款';
  return (outcome && OUTCOME_LABELS[outcome]) ?? '已结算';
}
