import { beijingFormat } from '../../../shared/lib/day';

/** Beijing date (and time when not midnight) of an instant: 2026-03-10 or 2026-03-10 20:00. */
export function periodStamp(ms: number): string {
  const stamp = beijingFormat(ms, 'YYYY-MM-DD HH:mm');
  return stamp.endsWith(' 00:00') ? stamp.slice(0, 10) : stamp;
}

/** 活动时间 line: "2026-03-01 至 2026-04-01", or "2026-03-01 起，长期有效" without an end. */
export function periodText(startAt: number, endAt: number | null): string {
  return endAt === null
    ? `${periodStamp(startAt)} 起，长期有效`
    : `${periodStamp(startAt)} 至 ${periodStamp(endAt)}`;
}

export const ACTIVITY_STATE_TEXT: Record<number, string> = { 1: '进行中', 2: '未开始', 3: '已结束' };

/** An activity envelope's button/label by its state (contract ActivityEnvelope.state). */
export function envelopeStateText(state: number, amount: string | null): string {
  switch (state) {
    case 1:
      return '抢红包';
    case 2:
      return `已领取 ${amount ?? ''}元`;
    case 3:
      return '已抢光';
    case 4:
      return '未开始';
    case 5:
      return '已结束';
    case 6:
      return '等级不足';
    default:
      return '登录抢红包';
  }
}
