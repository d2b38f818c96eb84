import { ChatMessages } from '@lottery/contract/chat';
import { CloseOutline, DownOutline } from 'antd-mobile-icons';
import { type Dispatch, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { subscribeAccountEvents } from '../../../shared/account-events';
import { ApiError } from '../../../shared/api/envelope';
import { messageText } from '../../../shared/lib/message-text';
import { useUserStore } from '../../../shared/stores/user';
import { showToast } from '../../../shared/ui/feedback';
import { getMessages, sendMessage, setDirectRead } from '../api/messages';
import { directChatPath, frameEdge, type SecretChatAction, type SecretChatState } from '../model/secret-chat';
import './secret-chat-frame.css';

/** Spec §4: a private message is marked read 5 s after it is shown (as on the chat page). */
const READ_DELAY_MS = 5000;
const DEFAULT_AVATAR = '/static/avatars/avatar-01.svg';

/** The 聊天室 button's box when it is on the page (chat-float-button.tsx; /home). */
function chatButtonBox(): { top: number; bottom: number } | undefined {
  const box = document.querySelector('[data-testid="chat-float"]')?.getBoundingClientRect();
  return box && { top: box.top, bottom: box.bottom };
}

/** frameEdge(), measured again when the 聊天室 button comes, goes or is dropped somewhere else. */
function useFrameEdge(): 'top' | 'bottom' {
  const measure = () => frameEdge(chatButtonBox(), window.innerHeight);
  const [edge, setEdge] = useState(measure);
  useEffect(() => {
    const update = () => setEdge(frameEdge(chatButtonBox(), window.innerHeight));
    update();
    // the button is one of the shell's own children (shell.tsx), drawn with the page
    const shell = document.querySelector('.app-shell');
    const observer = shell ? new MutationObserver(update) : undefined;
    if (shell) observer?.observe(shell, { childList: true });
    window.addEventListener('pointerup', update);
    window.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      window.removeEventListener('pointerup', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return edge;
}

/**
 * The floating private-chat frame (model/secret-chat.ts): the sender, the chat's latest messages
 * and a reply box that sends as the chat page does (chat/addDirectMessage); 打开 opens the full
 * chat, the arrow folds it into a badge counting what comes meanwhile, × closes it until the next
 * private message.
 */
export default function SecretChatFrame({
  state,
  dispatch,
}: {
  state: SecretChatState;
  dispatch: Dispatch<SecretChatAction>;
}) {
  const navigate = useNavigate();
  const selfId = useUserStore((s) => String(s.user?.userId ?? ''));
  const edge = useFrameEdge();
  const { roomId, minimised, peer, messages } = state;
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);

  // The chat's latest page while the frame is open: on opening, on coming back from the badge, and
  // after the account socket was down or resynced (event 17). The server marks it read.
  const [reloads, setReloads] = useState(0);
  useEffect(
    () =>
      subscribeAccountEvents((event) => {
        if (event.code === 17) setReloads((n) => n + 1);
      }),
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads asks for the page again
  useEffect(() => {
    if (minimised) return;
    let current = true;
    getMessages({ kind: 'direct', roomId }).then(
      (page) => {
        if (current) dispatch({ type: 'loaded', roomId, rows: page.rows });
      },
      // the frame keeps what the socket brought; the full chat says why it could not load
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [roomId, minimised, reloads, dispatch]);

  const newestId = messages.at(-1)?.id;
  useEffect(() => {
    if (minimised || !newestId) return;
    const timer = setTimeout(
      () => void setDirectRead(roomId, newestId).catch(() => undefined),
      READ_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [roomId, minimised, newestId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the newest on every change
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, minimised]);

  // a draft belongs to its chat
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the frame turns to another chat
  useEffect(() => setText(''), [roomId]);

  const send = async () => {
    if (sending) return;
    const body = text.trim();
    if (!body) return showToast(ChatMessages.empty);
    setSending(true);
    try {
      const message = await sendMessage({ kind: 'direct', roomId }, { messageTypeId: 1, message: body });
      dispatch({ type: 'sent', message });
      setText('');
    } catch (error) {
      if (error instanceof ApiError && !error.handled) showToast(error.message);
    } finally {
      setSending(false);
    }
  };

  if (minimised) {
    return (
      <button
        type="button"
        className={`secret-chat-badge ${edge}`}
        data-testid="secret-chat-badge"
        aria-label={`与${peer.name}的私聊，${state.unread}条新消息`}
        onClick={() => dispatch({ type: 'expand' })}
      >
        <img src={peer.avatar || DEFAULT_AVATAR} alt="" />
        <span className="secret-chat-badge-label">私聊</span>
        {state.unread > 0 ? (
          <span className="secret-chat-count" data-testid="secret-chat-unread">
            {state.unread > 99 ? '99+' : state.unread}
          </span>
        ) : null}
      </button>
    );
  }

  return (
    <section
      className={`secret-chat-frame ${edge}`}
      data-testid="secret-chat-frame"
      aria-label={`与${peer.name}的私聊`}
    >
      <header className="secret-chat-head">
        <img className="secret-chat-avatar" src={peer.avatar || DEFAULT_AVATAR} alt="" />
        <div className="secret-chat-title">
          <strong>{peer.name}</strong>
          <small>私聊</small>
        </div>
        <button
          type="button"
          className="secret-chat-open"
          onClick={() => {
            dispatch({ type: 'close' });
            void navigate(directChatPath(roomId, peer));
          }}
        >
          打开
        </button>
        <button
          type="button"
          className="secret-chat-icon"
          aria-label="最小化"
          onClick={() => dispatch({ type: 'minimise' })}
        >
          <DownOutline />
        </button>
        <button
          type="button"
          className="secret-chat-icon"
          aria-label="关闭"
          onClick={() => dispatch({ type: 'close' })}
        >
          <CloseOutline />
        </button>
      </header>
      <div className="secret-chat-list" ref={listRef} data-testid="secret-chat-messages">
        {messages.map((m) => (
          <div key={m.id} className={m.userId === selfId ? 'secret-chat-row own' : 'secret-chat-row'}>
            <span className="secret-chat-bubble">{messageText(m)}</span>
          </div>
        ))}
      </div>
      <form
        className="secret-chat-reply"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={`回复${peer.name}`}
          aria-label="回复"
          maxLength={500}
          enterKeyHint="send"
        />
        <button type="submit" disabled={sending}>
          发送
        </button>
      </form>
    </section>
  );
}
