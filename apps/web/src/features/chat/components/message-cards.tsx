import type { SharedBetCard, SharedResultCard } from '@lottery/contract/chat';
import type { MessageRendererProps } from '../extensions/chat-extensions';
import { parsePayload } from '../model/messages';

/** Chat's own message cards (push plan, shared bet, shared result); the app registers them by type. */

export interface PlanPayload {
  planId: number;
  gameName: string;
  issue: string;
  predictionResult: string;
  /** 0 未中, 1 已中, 2 等待开奖 (spec §3). The server rewrites the card when the issue is drawn. */
  isPrize: number;
  /** The draw, once there is one. */
  openNumber?: string;
}

const PRIZE_LABELS = ['未中', '已中', '等待开奖'];

/**
 * A push plan's pick: 等待开奖 until its issue is drawn, then 已中 / 未中 with the draw. The server
 * sends the settled card again under the same id (event 1), which replaces this one in place.
 */
export function PlanMessage({ message, onOpen }: MessageRendererProps) {
  const plan = parsePayload<PlanPayload>(message.message);
  if (!plan) return null;
  return (
    <button type="button" className="chat-plan" data-testid="plan-card" onClick={() => onOpen(message)}>
      <strong>{plan.gameName}</strong>
      <span>第{plan.issue}期</span>
      <span>
        预测：<b>{plan.predictionResult}</b>
      </span>
      {plan.openNumber ? <span>开奖：{plan.openNumber}</span> : null}
      <em data-prize={plan.isPrize}>{PRIZE_LABELS[plan.isPrize] ?? ''}</em>
    </button>
  );
}

/** A stored card keeps its lines in `data` (contract SharedBetCard / SharedResultCard); the first is shown. */
export function SharedBetMessage({ message }: MessageRendererProps) {
  const line = parsePayload<Partial<SharedBetCard>>(message.message)?.data?.[0];
  return (
    <div className="chat-share">
      <strong>分享注单</strong>
      <span>{line?.lotteryName ?? ''}</span>
      <span>{line?.bettingIssue ?? ''}</span>
    </div>
  );
}

export function SharedResultMessage({ message }: MessageRendererProps) {
  const line = parsePayload<Partial<SharedResultCard>>(message.message)?.data?.[0];
  return (
    <div className="chat-share">
      <strong>分享结果</strong>
      <span>{line?.dateName ?? ''}</span>
      <span>{line ? String(line.profit) : ''}</span>
    </div>
  );
}
