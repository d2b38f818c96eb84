import type { MessageRendererProps } from '../extensions/chat-extensions';
import { parsePayload } from '../model/messages';

/** Chat's own message card (push plan); the app registers it by type. Share cards live in share-bet. */

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
