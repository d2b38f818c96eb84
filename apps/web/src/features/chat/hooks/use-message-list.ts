import { Toast } from 'antd-mobile';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/envelope';
import { type ChatTarget, getMessages, getMessagesAfter, setDirectRead } from '../api/messages';
import { emptyMessages, messageReducer } from '../model/messages';
import { fetchMissed } from '../model/resync';

const DIRECT_READ_DELAY_MS = 5000;
/** Within this many pixels of the bottom, a new message keeps the list at the bottom. */
const NEAR_BOTTOM_PX = 120;

/**
 * The messages of the chat on screen: the newest page on entry, older pages when scrolled to the
 * top, what the socket missed after a bus outage (event 17), the list kept at the bottom while the
 * reader is there, and a private chat marked read 5 s after its newest message shows.
 */
export function useMessageList(
  target: ChatTarget | undefined,
  options: { locked: boolean; directRoomId?: number },
) {
  const [list, dispatch] = useReducer(messageReducer, emptyMessages);
  /** The newest page has arrived once: an empty list from then on is an empty room, not loading. */
  const [loaded, setLoaded] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);

  const loadNewest = useCallback(async () => {
    if (!target) return;
    try {
      const page = await getMessages(target);
      stickToBottom.current = true;
      dispatch({ type: 'reset', rows: page.rows, hasMore: page.hasMore });
      setLoaded(true);
    } catch (error) {
      if (error instanceof ApiError && !error.handled) Toast.show({ content: error.message });
    }
  }, [target]);

  useEffect(() => {
    if (!options.locked) void loadNewest();
  }, [options.locked, loadNewest]);

  const resync = async () => {
    if (!target) return;
    const newest = list.messages.at(-1)?.id;
    if (newest === undefined) return void loadNewest();
    const missed = await fetchMissed((afterId) => getMessagesAfter(target, afterId), newest).catch(
      () => undefined,
    );
    if (!missed?.complete) return void loadNewest();
    dispatch({ type: 'newer', rows: missed.rows });
  };

  const loadOlder = async () => {
    const oldest = list.messages[0];
    if (!target || !oldest || !list.hasMore) return;
    const box = listRef.current;
    const before = box ? box.scrollHeight - box.scrollTop : 0;
    const page = await getMessages(target, oldest.id).catch(() => undefined);
    if (!page) return;
    stickToBottom.current = false;
    dispatch({ type: 'older', rows: page.rows, hasMore: page.hasMore });
    requestAnimationFrame(() => {
      if (box) box.scrollTop = box.scrollHeight - before;
    });
  };

  /** How far the reader is from the bottom of the list (px), as of their last scroll or the last update. */
  const fromBottom = useRef(0);
  const measure = (box: HTMLDivElement) => {
    fromBottom.current = Math.max(0, box.scrollHeight - box.scrollTop - box.clientHeight);
  };

  // Keep the newest message in view when we were at the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list changes
  useLayoutEffect(() => {
    const box = listRef.current;
    if (box && stickToBottom.current) box.scrollTop = box.scrollHeight;
    if (box) measure(box);
  }, [list.messages]);

  // The list's own height changes when the footer grows (emoji, 收藏 and more panels, a taller
  // input) or shrinks: keep its bottom edge where it was, so the newest message stays in view
  // instead of going under the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-attach when the list element appears
  useEffect(() => {
    const box = listRef.current;
    if (!box) return;
    let height = box.clientHeight;
    const onScroll = () => measure(box);
    box.addEventListener('scroll', onScroll, { passive: true });
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => {
            if (box.clientHeight === height) return;
            height = box.clientHeight;
            box.scrollTop = box.scrollHeight - box.clientHeight - fromBottom.current;
          });
    observer?.observe(box);
    return () => {
      box.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, [target, options.locked, loaded]);

  const newestId = list.messages.at(-1)?.id;
  useEffect(() => {
    if (options.directRoomId === undefined || !newestId) return;
    const roomId = options.directRoomId;
    const timer = setTimeout(
      () => void setDirectRead(roomId, newestId).catch(() => undefined),
      DIRECT_READ_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [options.directRoomId, newestId]);

  /** The next update should scroll to the newest message (own message, or the reader at the bottom). */
  const followNewest = (own: boolean) => {
    const box = listRef.current;
    stickToBottom.current =
      own || !box || box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM_PX;
  };

  return { list, loaded, dispatch, listRef, loadNewest, loadOlder, resync, followNewest };
}
