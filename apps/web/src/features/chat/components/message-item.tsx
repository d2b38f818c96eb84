import type { ChatMessage } from '@lottery/contract/chat';
import { type PointerEvent as ReactPointerEvent, useRef } from 'react';
import { EnvelopeCard } from '../../redenvelope/components/envelope-card';
import { displayName } from '../model/mentions';
import { parsePayload } from '../model/messages';

export const LONG_PRESS_MS = 1000;
export const TAP_MS = 200;

interface Props {
  message: ChatMessage;
  own: boolean;
  selected: boolean;
  /** A tap (under 200 ms) or a long press (1 s) selects the message. */
  onSelect(message: ChatMessage): void;
  onAvatar(message: ChatMessage): void;
  onEnvelope(message: ChatMessage): void;
  onImage(src: string): void;
  onPlan(planId: number): void;
}

interface ImagePayload {
  imgPath: string;
  thumbPath?: string;
}
interface PlanPayload {
  planId: number;
  gameName: string;
  issue: string;
  predictionResult: string;
  isPrize: number;
}

const PRIZE_LABELS = ['未中', '已中', '等待开奖'];

function Body({
  message,
  onEnvelope,
  onImage,
  onPlan,
}: Pick<Props, 'message' | 'onEnvelope' | 'onImage' | 'onPlan'>) {
  switch (message.messageTypeId) {
    case 2: {
      const image = parsePayload<ImagePayload>(message.message) ?? { imgPath: message.message };
      return (
        <img
          className="chat-image"
          src={image.thumbPath || image.imgPath}
          alt="图片"
          onClick={(e) => {
            e.stopPropagation();
            onImage(image.imgPath);
          }}
          onError={(e) => {
            e.currentTarget.alt = '图片加载失败';
          }}
        />
      );
    }
    case 3: {
      const env = parsePayload<{ recordId: number; wishingRemark: string; type: number }>(message.message);
      return (
        <EnvelopeCard
          wishingRemark={message.redEnvelope?.wishingRemark || env?.wishingRemark || ''}
          lucky={env?.type === 2}
          isRead={message.redEnvelope?.isRead ?? false}
          state={message.redEnvelope?.state ?? 0}
          onOpen={() => onEnvelope(message)}
        />
      );
    }
    case 10: {
      const plan = parsePayload<PlanPayload>(message.message);
      if (!plan) return null;
      return (
        <button type="button" className="chat-plan" onClick={() => onPlan(plan.planId)}>
          <strong>{plan.gameName}</strong>
          <span>第{plan.issue}期</span>
          <span>
            预测：<b>{plan.predictionResult}</b>
          </span>
          <em data-prize={plan.isPrize}>{PRIZE_LABELS[plan.isPrize] ?? ''}</em>
        </button>
      );
    }
    case 7:
    case 9: {
      const card = parsePayload<Record<string, unknown>>(message.message);
      return (
        <div className="chat-share">
          <strong>{message.messageTypeId === 7 ? '分享注单' : '分享结果'}</strong>
          <span>{String(card?.lotteryName ?? card?.gameName ?? '')}</span>
          <span>{String(card?.issue ?? card?.bettingIssue ?? '')}</span>
        </div>
      );
    }
    default:
      // Text is text: React escapes it; never HTML.
      return <span className="chat-text">{message.message}</span>;
  }
}

export function MessageItem({
  message,
  own,
  selected,
  onSelect,
  onAvatar,
  onEnvelope,
  onImage,
  onPlan,
}: Props) {
  const pressStart = useRef(0);
  const longTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const bubbleless = message.messageTypeId === 3;

  const onPointerDown = () => {
    pressStart.current = Date.now();
    clearTimeout(longTimer.current);
    longTimer.current = setTimeout(() => {
      pressStart.current = 0;
      onSelect(message);
    }, LONG_PRESS_MS);
  };
  const onPointerUp = (e: ReactPointerEvent) => {
    clearTimeout(longTimer.current);
    // A tap on an envelope or an image opens it; only a long press selects those.
    const opens = (e.target as Element).closest('.envelope-card, .chat-image, .chat-plan');
    if (!opens && pressStart.current && Date.now() - pressStart.current < TAP_MS) onSelect(message);
    pressStart.current = 0;
  };
  const cancel = () => {
    clearTimeout(longTimer.current);
    pressStart.current = 0;
  };

  return (
    <div
      className={`chat-row${own ? ' own' : ''}${selected ? ' selected' : ''}`}
      data-testid="chat-message"
      data-id={message.id}
    >
      <button
        type="button"
        className="chat-avatar"
        onClick={() => onAvatar(message)}
        aria-label={displayName(message)}
      >
        <img src={message.avatar || '/static/avatars/avatar-01.svg'} alt="" />
      </button>
      <div className="chat-col">
        <div className="chat-meta">
          {message.grade === 100 || message.gradeShow ? (
            <span className={message.grade === 100 ? 'chat-grade admin' : 'chat-grade'}>
              {message.grade === 100 ? '管理' : message.gradeShow || message.gradeName}
            </span>
          ) : null}
          <span className="chat-name">{displayName(message)}</span>
        </div>
        <div
          className={
            bubbleless ? 'chat-bubble plain' : message.status === 1 ? 'chat-bubble mention' : 'chat-bubble'
          }
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerLeave={cancel}
          onPointerCancel={cancel}
          onContextMenu={(e) => e.preventDefault()}
        >
          <Body message={message} onEnvelope={onEnvelope} onImage={onImage} onPlan={onPlan} />
        </div>
      </div>
    </div>
  );
}
