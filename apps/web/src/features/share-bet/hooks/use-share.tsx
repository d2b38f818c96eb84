import type { SharedBetCard } from '@lottery/contract/chat';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useUserStore } from '../../../shared/stores/user';
import type { ShareLine, ShareResult, ShareTarget } from '../model/share';

// The edit popup, the picker and the sender are one chunk loaded on first use: the play page that
// offers sharing paints without them (nor the play catalogue and the chat contract they bring).
const loadFlow = () => import('../components/share-flow-entry').then((entry) => entry.loadShareFlow());
const SharePicker = lazy(async () => ({ default: (await loadFlow()).SharePicker }));
const ShareEditPopup = lazy(async () => ({ default: (await loadFlow()).ShareEditPopup }));

export interface ShareFlow {
  open(lines: SharedBetCard['data'], options: { roomCode?: string; toThisRoom?: boolean }): void;
  /** 分享战绩: a result card (type 9) straight to the picker (nothing to edit). */
  openResult(result: ShareResult): void;
  view: ReactNode;
}

type Step = 'edit' | 'pick' | 'closed';

/**
 * The share flow of a placed bet (lottery's ShareSlot), spec §5 "editing, then … shared to this
 * chat or other rooms": both 分享到本聊天室 and 分享注单 first open 修改分享注单金额; its 确定 then
 * sends the edited slip straight to the room the play page was opened from (分享到本聊天室) or
 * opens the picker (rooms and private chats).
 */
export function useShare(): ShareFlow {
  const user = useUserStore((s) => s.user);
  const [lines, setLines] = useState<ShareLine[]>();
  const [result, setResult] = useState<ShareResult>();
  const [here, setHere] = useState<string>();
  const [step, setStep] = useState<Step>('closed');
  const username = user?.nickName || user?.userName || '';

  const open: ShareFlow['open'] = (next, options) => {
    setResult(undefined);
    setLines([...next]);
    setHere(options.toThisRoom && options.roomCode ? options.roomCode : undefined);
    setStep('edit');
  };

  const openResult = (next: ShareResult) => {
    setLines(undefined);
    setResult(next);
    setHere(undefined);
    setStep('pick');
  };

  const edited = (next: ShareLine[]) => {
    setLines(next);
    if (here) {
      setStep('closed');
      const roomCode = here;
      void loadFlow().then((flow) => flow.shareTo(username, next, [{ kind: 'room', roomCode }]));
      return;
    }
    setStep('pick');
  };

  const share = async (targets: ShareTarget[]) => {
    const flow = await loadFlow();
    const destinations = targets.map((t) =>
      t.kind === 'room'
        ? ({ kind: 'room', roomCode: t.roomCode ?? '' } as const)
        : ({ kind: 'direct', roomId: t.roomId } as const),
    );
    if (result) return flow.shareResultTo(username, result, destinations);
    if (!lines) return false;
    return flow.shareTo(username, lines, destinations);
  };

  const view =
    result !== undefined ? (
      <Suspense fallback={null}>
        <SharePicker visible={step === 'pick'} onClose={() => setStep('closed')} onShare={share} />
      </Suspense>
    ) : lines !== undefined ? (
      <Suspense fallback={null}>
        <ShareEditPopup
          visible={step === 'edit'}
          lines={lines}
          onClose={() => setStep('closed')}
          onDone={edited}
        />
        {here ? null : (
          <SharePicker visible={step === 'pick'} onClose={() => setStep('closed')} onShare={share} />
        )}
      </Suspense>
    ) : null;
  return { open, openResult, view };
}
