import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { getRoomList } from '../api/rooms';
import { isUnread } from '../model/messages';
import '../chat.css';

/** Rooms are polled for the unread dot every 60 s (spec §9 "popup room poll"). */
const POLL_MS = 60_000;
const SIZE = 56;
const HIDDEN_KEY = 'chatFloatHidden';
const POSITION_KEY = 'chatFloatPosition';
/** Dragged this close to the bottom centre = the cancel zone: the button hides for the session. */
const CANCEL_RADIUS = 80;

/** Draggable floating 聊天室 button with an unread dot; the shell shows it to logged-in players. */
export function ChatFloatButton() {
  const navigate = useNavigate();
  const [hidden, setHidden] = useState(() => sessionStorage.getItem(HIDDEN_KEY) === '1');
  const [pos, setPos] = useState<{ x: number; y: number }>(() => {
    try {
      const saved = JSON.parse(sessionStorage.getItem(POSITION_KEY) ?? 'null');
      if (saved) return saved;
    } catch {
      // a broken saved position falls back to the default corner
    }
    return { x: window.innerWidth - SIZE - 12, y: window.innerHeight - SIZE - 140 };
  });
  const [dragging, setDragging] = useState(false);
  const [unread, setUnread] = useState(false);
  const drag = useRef<{ dx: number; dy: number; moved: boolean } | null>(null);

  useEffect(() => {
    if (hidden) return;
    const check = () =>
      void getRoomList(1).then((page) =>
        setUnread(page.rows.some((r) => isUnread(r.latestMessageId, r.messageReadId))),
      );
    check();
    const timer = setInterval(check, POLL_MS);
    return () => clearInterval(timer);
  }, [hidden]);

  if (hidden) return null;

  const inCancelZone = (x: number, y: number) =>
    Math.hypot(x + SIZE / 2 - window.innerWidth / 2, window.innerHeight - (y + SIZE / 2)) < CANCEL_RADIUS;

  return (
    <>
      {dragging ? <div className="chat-float-cancel">拖到此处隐藏</div> : null}
      <button
        type="button"
        className="chat-float"
        data-testid="chat-float"
        style={{ left: pos.x, top: pos.y }}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          drag.current = { dx: e.clientX - pos.x, dy: e.clientY - pos.y, moved: false };
        }}
        onPointerMove={(e) => {
          const d = drag.current;
          if (!d) return;
          const x = Math.min(Math.max(0, e.clientX - d.dx), window.innerWidth - SIZE);
          const y = Math.min(Math.max(0, e.clientY - d.dy), window.innerHeight - SIZE);
          if (!d.moved && Math.hypot(x - pos.x, y - pos.y) < 6) return;
          d.moved = true;
          setDragging(true);
          setPos({ x, y });
        }}
        onPointerUp={() => {
          const d = drag.current;
          drag.current = null;
          setDragging(false);
          if (!d?.moved) return void navigate('/chatList');
          if (inCancelZone(pos.x, pos.y)) {
            sessionStorage.setItem(HIDDEN_KEY, '1');
            setHidden(true);
          } else sessionStorage.setItem(POSITION_KEY, JSON.stringify(pos));
        }}
      >
        聊天室
        {unread ? <span className="dot" data-testid="chat-float-unread" /> : null}
      </button>
    </>
  );
}
