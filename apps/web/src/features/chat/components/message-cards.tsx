import type { SharedBetCard, SharedResultCard } from '@lottery/contract/chat';
import type { MessageRendererProps } from '../extensions/chat-extensions';
import { parsePayload } from '../model/messages';

/** Chat's own message cards (push plan, shared bet, shared result); the app registers them by type. */

export interface PlanPayload {
  planId: number;
  gameName: string;
  issue: string;
  predictionResult: string;
  isPrize: number;
}

const PRIZE_LABELS = ['未中', '已中', '等待开奖'];

export function PlanMessage({ message, onOpen }: MessageRendererProps) {
  const plan = parsePayload<PlanPayload>(message.message);
  if (!plan) return null;
  return (
    <button type="button" className="chat-plan" onClick={() => onOpen(message)}>
      <strong>{plan.gameName}</strong>
      <span>第{plan.issue}期</span>
      <span>
        预测：<b>{plan.predictionResult}</b>
      </span>
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
