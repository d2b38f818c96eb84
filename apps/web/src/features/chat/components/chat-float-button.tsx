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
  // No position until the player drags it: docked in the tab bar's reserved end (issue 37: a
  // button floating over the page covered a section's 更多 and a card's badge).
  const [pos, setPos] = useState<{ x: number; y: number } | null>(() => {
    try {
      const saved = JSON.parse(sessionStorage.getItem(POSITION_KEY) ?? 'null');
      if (saved && typeof saved.x === 'number' && typeof saved.y === 'number') return saved;
    } catch {
      // a broken saved position falls back to the dock
    }
    return null;
  });
  const docked = pos === null;
  useEffect(() => {
    if (hidden || !docked) return;
    // the tab bar leaves its right end free while the button sits there (chat.css)
    document.documentElement.dataset.chatDock = '1';
    return () => {
      delete document.documentElement.dataset.chatDock;
    };
  }, [hidden, docked]);
  const [dragging, setDragging] = useState(false);
  const [unread, setUnread] = useState(false);
  const drag = useRef<{ dx: number; dy: number; x0: number; y0: number; moved: boolean } | null>(null);

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
        className={docked ? 'chat-float docked' : 'chat-float'}
        data-testid="chat-float"
        style={pos ? { left: pos.x, top: pos.y } : undefined}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          const box = e.currentTarget.getBoundingClientRect();
          drag.current = {
            dx: e.clientX - box.left,
            dy: e.clientY - box.top,
            x0: box.left,
            y0: box.top,
            moved: false,
          };
        }}
        onPointerMove={(e) => {
          const d = drag.current;
          if (!d) return;
          const x = Math.min(Math.max(0, e.clientX - d.dx), window.innerWidth - SIZE);
          const y = Math.min(Math.max(0, e.clientY - d.dy), window.innerHeight - SIZE);
          if (!d.moved && Math.hypot(x - d.x0, y - d.y0) < 6) return;
          d.moved = true;
          setDragging(true);
          setPos({ x, y });
        }}
        onPointerUp={() => {
          const d = drag.current;
          drag.current = null;
          setDragging(false);
          if (!d?.moved || !pos) return void navigate('/chatList');
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
