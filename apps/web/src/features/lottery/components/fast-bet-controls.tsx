import { Button } from 'antd-mobile';
import { FAST_BET_TIMES, type FastTimes } from '../model/fast-bet';

/** What a footer needs of fast mode: the 连续开奖 count and the loop's state. */
export interface FastControls {
  times: FastTimes;
  onTimes(times: FastTimes): void;
  running: boolean;
  sending: boolean;
  onStop(): void;
}

/** 连续开奖 times selector: 1, 20, 50 or 100 rounds (spec §9). Locked while the loop runs. */
export function FastTimesSelector({ fast }: { fast: FastControls }) {
  return (
    <fieldset className="fast-times" aria-label="连续开奖">
      <span className="fast-times-label">连续开奖</span>
      {FAST_BET_TIMES.map((n) => (
        <button
          key={n}
          type="button"
          aria-pressed={fast.times === n}
          disabled={fast.running}
          className={`fast-times-btn${fast.times === n ? ' fast-times-btn--on' : ''}`}
          onClick={() => fast.onTimes(n)}
        >
          {n}期
        </button>
      ))}
    </fieldset>
  );
}

/** In auto mode this replaces the footer's controls; disabled while a round is in flight. */
export function FastStopButton({ fast }: { fast: FastControls }) {
  return (
    <div className="bet-footer-row bet-footer-main">
      <Button color="danger" block className="fast-stop-btn" disabled={fast.sending} onClick={fast.onStop}>
        停止开奖
      </Button>
    </div>
  );
}
