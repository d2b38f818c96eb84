import type { ChatMessage, SocketEvent } from '@lottery/contract/chat';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ChatSocket } from '../../../shared/ws-client';
import { getNewestMessages, getRoomGate, sendText, unlockRoom } from '../api/conversation-messages';
import { belongsTo, type ConversationTarget, mergeMessages, withdrawn } from '../model/conversations';

export type ConversationState = 'loading' | 'locked' | 'connecting' | 'connected' | 'closed' | 'failed';

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : '操作失败');

/**
 * One open conversation of the frame: its newest messages, the chat socket (room mode, type 1, for
 * a room; account mode, type 7, for a private chat; docs/web-chat.md), and sending. A password room
 * asks for its 4 digits first (chat/checkPassword), as the room page does.
 */
export function useConversation(target: ConversationTarget) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [state, setState] = useState<ConversationState>('loading');
  const [notice, setNotice] = useState('');
  const [opened, setOpened] = useState(0);
  const targetRef = useRef(target);
  targetRef.current = target;

  const load = useCallback(async () => {
    const rows = await getNewestMessages(targetRef.current);
    setMessages((shown) => mergeMessages(shown, rows));
  }, []);

  // Gate (password rooms), then the newest page, then the socket.
  useEffect(() => {
    let socket: ChatSocket | undefined;
    let cancelled = false;
    const onEvent = (event: SocketEvent) => {
      if (event.code === 1 && belongsTo(event.data, targetRef.current)) {
        setMessages((shown) => mergeMessages(shown, [event.data]));
      } else if (event.code === 3 && event.type === 5) {
        setMessages((shown) => withdrawn(shown, event.data.id));
      } else if (event.code === 13) {
        setNotice(event.msg || '房间已被删除');
      } else if (event.code === 14 || event.code === 15) {
        setNotice(event.msg || '连接已断开');
      }
    };
    (async () => {
      if (opened === 0 && target.kind === 'room') {
        const gate = await getRoomGate(target.roomCode);
        if (gate.isPassword && !gate.isUnlocked) return !cancelled && setState('locked');
      }
      await load();
      if (cancelled) return;
      socket = new ChatSocket({
        query: target.kind === 'room' ? { type: 1, roomId: target.roomCode } : { type: 7 },
        onEvent,
        onReconnected: () => void load().catch(() => undefined),
        onState: (next, msg) => {
          if (cancelled) return;
          setState(next === 'connecting' ? 'connecting' : next);
          if (next === 'failed' && msg) setNotice(msg);
        },
      });
      socket.start();
    })().catch((e: unknown) => {
      if (cancelled) return;
      setNotice(errorText(e));
      setState('failed');
    });
    return () => {
      cancelled = true;
      socket?.stop();
    };
  }, [target, load, opened]);

  const unlock = async (password: string) => {
    if (target.kind !== 'room') return;
    setNotice('');
    try {
      await unlockRoom(target.roomCode, password);
      setState('loading');
      setOpened((n) => n + 1);
    } catch (e) {
      setNotice(errorText(e));
    }
  };

  const send = async (text: string): Promise<boolean> => {
    setNotice('');
    try {
      const sent = await sendText(target, text);
      setMessages((shown) => mergeMessages(shown, [sent]));
      return true;
    } catch (e) {
      setNotice(errorText(e));
      return false;
    }
  };

  return { messages, state, notice, unlock, send };
}
