import type { ChatMessage } from '@lottery/contract/chat';
import { EmptyState } from '../../../shared/ui/empty-state';
import type { useMessageActions } from '../hooks/use-message-actions';
import type { useMessageList } from '../hooks/use-message-list';
import { formatChatTime, withTimeSeparators } from '../model/time';
import { MessageItem } from './message-item';

/** A room nobody has written in yet (the spec gives no text; its lists say 暂无…). */
const EMPTY_ROOM = '暂无聊天消息';

interface Props {
  messages: ReturnType<typeof useMessageList>;
  actions: ReturnType<typeof useMessageActions>;
  selfId: string;
  onAvatar(message: ChatMessage): void;
  onOpen(message: ChatMessage): void;
  onImage(src: string): void;
}

/** The message list: older pages on scroll to the top, time separators, the cards by type. */
export function MessageTimeline({ messages, actions, selfId, onAvatar, onOpen, onImage }: Props) {
  const { list, listRef } = messages;
  const now = Date.now();
  const language = typeof navigator === 'undefined' ? 'zh-CN' : navigator.language;
  const timeline = withTimeSeparators(list.messages);
  return (
    <div
      className="chat-list"
      ref={listRef}
      data-testid="chat-list"
      onScroll={(e) => {
        if (e.currentTarget.scrollTop < 20 && list.hasMore) void messages.loadOlder();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) actions.setSelected(undefined);
      }}
    >
      {messages.loaded && timeline.length === 0 ? <EmptyState text={EMPTY_ROOM} /> : null}
      {list.hasMore ? (
        <button type="button" className="chat-more" onClick={() => void messages.loadOlder()}>
          查看更多消息
        </button>
      ) : null}
      {timeline.map((item) =>
        item.kind === 'time' ? (
          <div key={item.key} className="chat-time" data-testid="chat-time">
            {formatChatTime(item.at, now, language)}
          </div>
        ) : (
          <MessageItem
            key={item.key}
            message={item.message}
            own={item.message.userId === selfId}
            selected={actions.selected?.id === item.message.id}
            onSelect={actions.toggle}
            onLongPress={actions.setSelected}
            onAvatar={onAvatar}
            onOpen={onOpen}
            onImage={onImage}
          />
        ),
      )}
    </div>
  );
}
