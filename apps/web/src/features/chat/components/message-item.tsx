import { type ChatMessage, MessageType } from '@lottery/contract/chat';
import { type PointerEvent as ReactPointerEvent, useRef } from 'react';
import { useChatExtensions } from '../extensions/chat-extensions';
import { displayName } from '../model/mentions';
import { parsePayload } from '../model/messages';

export const LONG_PRESS_MS = 1000;
export const TAP_MS = 200;

interface Props {
  message: ChatMessage;
  own: boolean;
  selected: boolean;
  /** A tap (under 200 ms) selects the message, or unselects it when selected. */
  onSelect(message: ChatMessage): void;
  /** A long press (1 s) selects it, and it stays selected when the finger lifts. */
  onLongPress(message: ChatMessage): void;
  onAvatar(message: ChatMessage): void;
  /** A tap on a registered card (envelope, plan). */
  onOpen(message: ChatMessage): void;
  onImage(src: string): void;
}

interface ImagePayload {
  imgPath: string;
  thumbPath?: string;
}

function Body({ message, onOpen, onImage }: Pick<Props, 'message' | 'onOpen' | 'onImage'>) {
  const { renderers } = useChatExtensions();
  const Renderer = renderers[message.messageTypeId];
  if (Renderer) return <Renderer message={message} onOpen={onOpen} />;
  if (message.messageTypeId === MessageType.image) {
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
  // Text is text: React escapes it; never HTML.
  return <span className="chat-text">{message.message}</span>;
}

/**
 * After a long press, the release's click (and a second pointerup of the same press) must not reach
 * the list, a card or the menu that just opened: one click, swallowed in the capture phase, for a
 * short while (issue 37: 复制/撤回 could vanish when the finger lifted).
 */
function swallowNextClick(): void {
  const swallow = (event: Event) => {
    event.stopPropagation();
    event.preventDefault();
    window.removeEventListener('click', swallow, true);
  };
  window.addEventListener('click', swallow, true);
  setTimeout(() => window.removeEventListener('click', swallow, true), 400);
}

export function MessageItem({
  message,
  own,
  selected,
  onSelect,
  onLongPress,
  onAvatar,
  onOpen,
  onImage,
}: Props) {
  const pressStart = useRef(0);
  const longTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The current press became a long press: its release changes nothing. */
  const longPressed = useRef(false);
  const bubbleless = message.messageTypeId === MessageType.redEnvelope;

  const onPointerDown = () => {
    pressStart.current = Date.now();
    longPressed.current = false;
    clearTimeout(longTimer.current);
    longTimer.current = setTimeout(() => {
      pressStart.current = 0;
      longPressed.current = true;
      onLongPress(message);
    }, LONG_PRESS_MS);
  };
  const onPointerUp = (e: ReactPointerEvent) => {
    clearTimeout(longTimer.current);
    if (longPressed.current) {
      longPressed.current = false;
      e.preventDefault();
      swallowNextClick();
      return;
    }
    // A tap on an envelope, an image or a card opens it; only a long press selects those.
    const opens = (e.target as Element).closest('.envelope-card, .chat-image, .chat-plan, .share-card');
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
          <Body message={message} onOpen={onOpen} onImage={onImage} />
        </div>
      </div>
    </div>
  );
}
