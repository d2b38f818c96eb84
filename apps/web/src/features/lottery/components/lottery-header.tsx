import type { PlayDef } from '@lottery/rules/play';
import { useState } from 'react';
import { BackIcon, ChatIcon } from '../../../shared/ui/icons';
import { LazyPopup } from '../../../shared/ui/lazy-popup';

/** Plays grouped by group then sub-group, in catalogue order. */
function grouped(
  plays: readonly PlayDef[],
): { group: string; subGroups: { name: string; plays: PlayDef[] }[] }[] {
  const out: { group: string; subGroups: { name: string; plays: PlayDef[] }[] }[] = [];
  for (const play of plays) {
    let g = out.find((x) => x.group === play.group);
    if (!g) {
      g = { group: play.group, subGroups: [] };
      out.push(g);
    }
    let sub = g.subGroups.find((s) => s.name === play.subGroup);
    if (!sub) {
      sub = { name: play.subGroup, plays: [] };
      g.subGroups.push(sub);
    }
    sub.plays.push(play);
  }
  return out;
}

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
      <LazyPopup
        visible={panel === 'play'}
        position="top"
        onMaskClick={() => setPanel(null)}
        bodyClassName="play-panel"
      >
        {grouped(props.plays).map((g) => (
          <section key={g.group} className="play-group">
            <div className="play-group-title">{g.group}</div>
            {g.subGroups.map((sub) => (
              <div key={sub.name} className="play-subgroup">
                {g.subGroups.length > 1 || sub.name !== g.group ? (
                  <span className="play-subgroup-name">{sub.name}</span>
                ) : null}
                <div className="play-options">
                  {sub.plays.map((p) => (
                    <button
                      key={p.code}
                      type="button"
                      data-play={p.code}
                      className={`play-option${p.code === props.play.code ? ' play-option--on' : ''}`}
                      onClick={() => {
                        setPanel(null);
                        props.onPlay(p.code);
                      }}
                    >
                      {p.name}
                    </button>
                  ))}
                </div>
              </div>
            ))}
          </section>
        ))}
      </LazyPopup>
      <LazyPopup
        visible={panel === 'lottery'}
        position="top"
        onMaskClick={() => setPanel(null)}
        bodyClassName="play-panel"
      >
        <div className="play-options">
          {props.siblings.map((l) => (
            <button
              key={l.code}
              type="button"
              className={`play-option${l.name === props.lotteryName ? ' play-option--on' : ''}`}
              onClick={() => {
                setPanel(null);
                props.onLottery(l.code);
              }}
            >
              {l.name}
            </button>
          ))}
        </div>
      </LazyPopup>
    </header>
  );
}
