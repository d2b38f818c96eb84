import { lazy, useEffect, useReducer, useRef } from 'react';
import { useLocation } from 'react-router';
import { subscribeAccountEvents } from '../../../shared/account-events';
import { useUserStore } from '../../../shared/stores/user';
import { QuietBoundary } from '../../../shared/ui/quiet-boundary';
import { frameAllowedOn, openDirectRoomId, secretChatReducer } from '../model/secret-chat';

// The frame and what it sends with load on the first private message, not with the page.
const SecretChatFrame = lazy(() => import('./secret-chat-frame'));

/**
 * Mounted by the shell's signed-in extras (app/shell/member-extras.tsx): listens to the account
 * socket for private messages from the first moment, so none is missed while the frame's chunk
 * loads, and draws the floating frame (model/secret-chat.ts) on every page but that chat's own.
 */
export function SecretChatSlot() {
  const selfId = useUserStore((s) => String(s.user?.userId ?? ''));
  const { pathname, search } = useLocation();
  const [state, dispatch] = useReducer(secretChatReducer, null);
  const here = useRef({ pathname, search });
  here.current = { pathname, search };

  useEffect(
    () =>
      subscribeAccountEvents((event) => {
        // the chat page that is open shows its own messages: no frame for them
        const open = openDirectRoomId(here.current.pathname, here.current.search);
        if (event.code === 1 && event.data.type === 'direct' && event.data.roomId === open) return;
        dispatch({ type: 'event', event, selfId });
      }),
    [selfId],
  );

  // Opening the frame's chat (its 打开 button, the private list, a link) ends the frame.
  const roomId = state?.roomId;
  useEffect(() => {
    if (roomId !== undefined && openDirectRoomId(pathname, search) === roomId) dispatch({ type: 'close' });
  }, [pathname, search, roomId]);

  if (!state || !frameAllowedOn(pathname, search, state.roomId)) return null;
  return (
    <QuietBoundary>
      <SecretChatFrame state={state} dispatch={dispatch} />
    </QuietBoundary>
  );
}
