import type { PlayDef } from '@lottery/rules/play';
import { LazyPopup } from '../../../shared/ui/lazy-popup';

/* The header's two pickers (lottery-header.tsx loads them the first time one is opened). */

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
 * A picker's title and its close button: the panel drops over the header, so it says what it is
 * and closes without guessing that a tap below it would (issue 37).
 */
function PanelHead({ title, onClose }: { title: string; onClose(): void }) {
  return (
    <div className="play-panel-head">
      <span className="play-panel-title">{title}</span>
      <button type="button" className="play-panel-close" aria-label="关闭" onClick={onClose}>
        ✕
      </button>
    </div>
  );
}

/** The play-mode picker: the lottery's plays by group and sub-group, the current one marked. */
function PlayModePanel(props: {
  visible: boolean;
  play: PlayDef;
  plays: readonly PlayDef[];
  onClose(): void;
  onPlay(code: string): void;
}) {
  return (
    <LazyPopup visible={props.visible} position="top" onMaskClick={props.onClose} bodyClassName="play-panel">
      <PanelHead title="选择玩法" onClose={props.onClose} />
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
                      props.onClose();
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
  );
}

/** The lottery picker: the family's other lotteries, the current one marked. */
function LotterySwitchPanel(props: {
  visible: boolean;
  lotteryName: string;
  siblings: readonly { code: string; name: string }[];
  onClose(): void;
  onLottery(code: string): void;
}) {
  return (
    <LazyPopup visible={props.visible} position="top" onMaskClick={props.onClose} bodyClassName="play-panel">
      <PanelHead title="选择彩种" onClose={props.onClose} />
      <div className="play-options">
        {props.siblings.map((l) => (
          <button
            key={l.code}
            type="button"
            className={`play-option${l.name === props.lotteryName ? ' play-option--on' : ''}`}
            onClick={() => {
              props.onClose();
              props.onLottery(l.code);
            }}
          >
            {l.name}
          </button>
        ))}
      </div>
    </LazyPopup>
  );
}

/** The header's pickers; `panel` says which one is open. */
export function LotteryHeaderPanels(props: {
  panel: 'play' | 'lottery' | null;
  lotteryName: string;
  play: PlayDef;
  plays: readonly PlayDef[];
  siblings: readonly { code: string; name: string }[];
  onClose(): void;
  onPlay(code: string): void;
  onLottery(code: string): void;
}) {
  return (
    <>
      <PlayModePanel
        visible={props.panel === 'play'}
        play={props.play}
        plays={props.plays}
        onClose={props.onClose}
        onPlay={props.onPlay}
      />
      <LotterySwitchPanel
        visible={props.panel === 'lottery'}
        lotteryName={props.lotteryName}
        siblings={props.siblings}
        onClose={props.onClose}
        onLottery={props.onLottery}
      />
    </>
  );
}
