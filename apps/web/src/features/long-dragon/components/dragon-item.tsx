import type { LongDragonEntry } from '@lottery/contract/long-dragon';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { issueLabel } from '@lottery/rules/schedule';
import { LotteryIcon } from '../../../shared/ui/lottery-icon';
import { countdownText, oddsText } from '../model/dragon-bet';

interface Props {
  entry: LongDragonEntry;
  /** Seconds left of its issue; 0: 开奖中 and the buttons are disabled. */
  seconds: number;
  /** The selected button of this item, if any. */
  selected: number | undefined;
  onPick(option: number): void;
}

/** One streak: lottery, issue on sale and countdown, the run, and its two buttons with odds. */
export function DragonItem({ entry, seconds, selected, onPick }: Props) {
  const family = lotteryByCode(entry.lotteryCode)?.family ?? '';
  const closed = seconds <= 0;
  return (
    <div className="ld-item" data-testid="ld-item" data-lottery={entry.lotteryCode}>
      <div className="ld-item-head">
        <LotteryIcon family={family} size={36} />
        <div className="ld-item-title">
          <div className="ld-item-name">{entry.lotteryName}</div>
          <div className="ld-item-issue">第{issueLabel(entry.currIssue)}期</div>
        </div>
        <div className={closed ? 'ld-countdown closed' : 'ld-countdown'}>{countdownText(seconds)}</div>
      </div>
      <div className="ld-item-run">
        <span className="ld-run-name">
          {entry.name} <b>{entry.desc}</b>
        </span>
        <span className="ld-run-times">{entry.times}期</span>
      </div>
      <div className="ld-buttons">
        {entry.options.map((option, i) => (
          <button
            key={option.label}
            type="button"
            className={selected === i ? 'ld-button selected' : 'ld-button'}
            disabled={closed}
            aria-pressed={selected === i}
            onClick={() => onPick(i)}
          >
            <span className="ld-button-label">{option.label}</span>
            {option.odds ? <span className="ld-button-odds">{oddsText(option.odds)}</span> : null}
          </button>
        ))}
      </div>
    </div>
  );
}
