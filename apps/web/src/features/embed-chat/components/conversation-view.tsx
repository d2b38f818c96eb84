import { Button, Input } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { messageText } from '../../../shared/lib/message-text';
import { useUserStore } from '../../../shared/stores/user';
import { useConversation } from '../hooks/use-conversation';
import type { Conversation } from '../model/conversations';

/** One conversation inside the frame: header with 返回, the messages, a text box and 发送. */
export function ConversationView({ conversation, onBack }: { conversation: Conversation; onBack(): void }) {
  const { messages, state, notice, unlock, send } = useConversation(conversation.target);
  const selfId = String(useUserStore((s) => s.user?.userId) ?? '');
  const [text, setText] = useState('');
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);

  // The newest message in view whenever one arrives.
  useEffect(() => {
    const list = listRef.current;
    if (list && messages.length) list.scrollTop = list.scrollHeight;
  }, [messages]);

  const submit = async () => {
    const message = text.trim();
    if (!message || sending) return;
    setSending(true);
    if (await send(message)) setText('');
    setSending(false);
  };

  return (
    <div className="jl-conversation" data-testid="jl-conversation-view" data-state={state}>
      <div className="jl-bar">
        <button type="button" className="jl-back" onClick={onBack} aria-label="返回">
          <LeftOutline /> 返回
        </button>
        <span className="jl-bar-title">{conversation.title}</span>
      </div>
      {state === 'locked' ? (
        <div className="jl-card">
          <p className="jl-welcome">房间密码</p>
          <Input
            className="jl-password"
            type="password"
            inputMode="numeric"
            maxLength={4}
            placeholder="请输入房间密码"
            value={password}
            onChange={setPassword}
          />
          <Button
            block
            color="primary"
            disabled={password.length !== 4}
            onClick={() => void unlock(password)}
          >
            进入
          </Button>
        </div>
      ) : (
        <div className="jl-messages" ref={listRef}>
          {messages.length === 0 && state !== 'loading' ? <p className="jl-note">暂无聊天消息</p> : null}
          {messages.map((m) => (
            <div
              key={m.id}
              className={`jl-message${m.userId === selfId ? ' jl-mine' : ''}`}
              data-testid="jl-message"
            >
              <img className="jl-message-avatar" src={m.avatar || '/static/brand/icon.svg'} alt="" />
              <div className="jl-message-body">
                <div className="jl-message-name">{m.nickname || m.userName}</div>
                <div className="jl-bubble">{messageText(m)}</div>
              </div>
            </div>
          ))}
        </div>
      )}
      {notice ? <p className="jl-error jl-notice">{notice}</p> : null}
      {state !== 'locked' ? (
        <div className="jl-composer">
          <Input
            className="jl-input"
            placeholder="说点什么..."
            value={text}
            onChange={setText}
            onEnterPress={() => void submit()}
          />
          <Button
            size="small"
            color="primary"
            disabled={!text.trim() || sending}
            onClick={() => void submit()}
          >
            发送
          </Button>
        </div>
      ) : null}
    </div>
  );
}
