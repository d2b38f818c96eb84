import type { PlayDef } from '@lottery/rules/play';
import { lazy, Suspense, useState } from 'react';
import { BackIcon, ChatIcon } from '../../../shared/ui/icons';
import { useOpenedOnce } from '../hooks/use-opened-once';

/** The pickers load the first time one is opened: the first paint draws neither (issue 39). */
const LotteryHeaderPanels = lazy(async () => ({
  default: (await import('./lottery-header-panels')).LotteryHeaderPanels,
}));

/**
 * The lottery header: back, play-mode selector, lottery selector (spec/betting.md §2) and the way to
 * the chat rooms. The play screen has no floating 聊天室 button: over a screen of balls it covers a
 * control wherever it sits (docs/web-betting.md).
 */
export function LotteryHeader(props: {
  lotteryName: string;
  play: PlayDef;
  plays: readonly PlayDef[];
  siblings: readonly { code: string; name: string }[];
  onBack(): void;
  onPlay(code: string): void;
  onLottery(code: string): void;
  onChat(): void;
}) {
  const [panel, setPanel] = useState<'play' | 'lottery' | null>(null);
  const panelsMounted = useOpenedOnce(panel !== null);
  return (
    <header className="lottery-header">
      <button type="button" className="lottery-header-back" aria-label="返回" onClick={props.onBack}>
        <BackIcon />
      </button>
      <button type="button" className="lottery-header-play" onClick={() => setPanel('play')}>
        <span className="lottery-header-caption">玩法</span>
        <span data-testid="play-name">{props.play.name}</span> ▾
      </button>
      <button type="button" className="lottery-header-lottery" onClick={() => setPanel('lottery')}>
        <span data-testid="lottery-name">{props.lotteryName}</span> ▾
      </button>
      <button type="button" className="lottery-header-chat" aria-label="聊天室" onClick={props.onChat}>
        <ChatIcon />
      </button>
      {panelsMounted ? (
        <Suspense fallback={null}>
          <LotteryHeaderPanels
            panel={panel}
            lotteryName={props.lotteryName}
            play={props.play}
            plays={props.plays}
            siblings={props.siblings}
            onClose={() => setPanel(null)}
            onPlay={props.onPlay}
            onLottery={props.onLottery}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
