import type { SharedBetCard } from '@lottery/contract/chat';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useUserStore } from '../../../shared/stores/user';
import type { ShareTarget } from '../model/share';

// The picker and the sender are one chunk loaded on first use: the play page that offers sharing
// paints without them (and without the schema library the chat contract brings).
const loadFlow = () => import('../components/share-flow-entry').then((entry) => entry.loadShareFlow());
const SharePicker = lazy(async () => ({ default: (await loadFlow()).SharePicker }));

export interface ShareFlow {
  open(lines: SharedBetCard['data'], options: { roomCode?: string; toThisRoom?: boolean }): void;
  view: ReactNode;
}

/**
 * The share flow of a placed bet (lottery's ShareSlot): 分享到本聊天室 sends straight to the room the
 * play page was opened from; 分享注单 opens the picker (rooms and private chats).
 */
export function useShare(): ShareFlow {
  const user = useUserStore((s) => s.user);
  const [lines, setLines] = useState<SharedBetCard['data']>();
  const [visible, setVisible] = useState(false);
  const username = user?.nickName || user?.userName || '';

  const open: ShareFlow['open'] = (next, options) => {
    if (options.toThisRoom && options.roomCode) {
      const roomCode = options.roomCode;
      void loadFlow().then((flow) => flow.shareTo(username, next, [{ kind: 'room', roomCode }]));
      return;
    }
    setLines(next);
    setVisible(true);
  };

  const share = async (targets: ShareTarget[]) => {
    if (!lines) return false;
    const flow = await loadFlow();
    return flow.shareTo(
      username,
      lines,
      targets.map((t) =>
        t.kind === 'room'
          ? { kind: 'room', roomCode: t.roomCode ?? '' }
          : { kind: 'direct', roomId: t.roomId },
      ),
    );
  };

  const view =
    lines !== undefined ? (
      <Suspense fallback={null}>
        <SharePicker visible={visible} onClose={() => setVisible(false)} onShare={share} />
      </Suspense>
    ) : null;
  return { open, view };
}
