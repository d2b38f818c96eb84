import { optionSlots } from '@lottery/rules/describe';
import type { Family } from '@lottery/rules/family';
import type { PlayDef } from '@lottery/rules/play';
import { lazy, memo, Suspense } from 'react';
import { showToast } from '../../../shared/ui/feedback';
import { oddsText, tierFor } from '../model/odds';
import {
  isNumericRow,
  overLimitMessage,
  QUICK_BUTTONS,
  quickPickRow,
  type Selection,
  toggleIn,
} from '../model/selection';
import { Ball } from './ball';

/** 手动输入 (a textarea and its hint) loads when such a play is chosen: no first play uses it. */
const ManualEntry = lazy(async () => ({ default: (await import('./manual-entry')).ManualEntry }));

/**
 * The number picker for every input kind of packages/rules (positional rows with 全大小单双清,
 * multi-pick pool, manual entry, banker + drag, option buttons with odds).
 */
export interface PickerProps {
  family: Family;
  play: PlayDef;
  selection: Selection;
  onChange(next: Selection): void;
  /** Prize group of the player (0 while the rebate loads: odds hidden). */
  group: number;
}

function useDice(family: Family, numbers: readonly string[]): boolean {
  return family === 'K3' && numbers.length === 6 && numbers.every((n) => /^[1-6]{1,3}$/.test(n));
}

function oddsOf(play: PlayDef, group: number, code: string, label: string): string | undefined {
  if (!play.credit || group <= 0 || play.tiers.length < 2) return undefined;
  return oddsText(play, group, tierFor(play, code, label));
}

function QuickRow({ numbers, onPick }: { numbers: readonly string[]; onPick(values: string[]): void }) {
  return (
    <div className="quick-row">
      {QUICK_BUTTONS.map((b) => (
        <button key={b} type="button" className="quick-btn" onClick={() => onPick(quickPickRow(numbers, b))}>
          {b}
        </button>
      ))}
    </div>
  );
}

function BallRow(props: {
  family: Family;
  play: PlayDef;
  group: number;
  label?: string;
  numbers: readonly string[];
  picked: readonly string[];
  quick: boolean;
  onChange(values: string[]): void;
  max?: number;
  /** A pick past `max` is refused, and this says why (never silently ignored). */
  onOverMax?(values: string[]): void;
}) {
  const { family, play, group, label, numbers, picked, quick, onChange, max, onOverMax } = props;
  const dice = useDice(family, numbers);
  const pick = (values: string[]) =>
    max !== undefined && values.length > max ? onOverMax?.(values) : onChange(values);
  return (
    <div className="pick-row" data-row={label ?? ''}>
      {label ? <div className="pick-row-label">{label}</div> : null}
      <div className={`ball-grid${dice ? ' ball-grid--dice' : ''}`}>
        {numbers.map((n) => (
          <Ball
            key={n}
            family={family}
            value={n}
            dice={dice}
            selected={picked.includes(n)}
            sub={oddsOf(play, group, n, n)}
            onToggle={() => pick(toggleIn(picked, n, numbers))}
          />
        ))}
      </div>
      {quick && isNumericRow(numbers) ? <QuickRow numbers={numbers} onPick={pick} /> : null}
    </div>
  );
}

/**
 * Memoised: the betting screen re-renders as each of its reads arrives and on every basket or
 * footer change; the picker (a few hundred elements on some plays) only when its own props change.
 */
export const NumberPicker = memo(function NumberPicker({
  family,
  play,
  selection,
  onChange,
  group,
}: PickerProps) {
  const { input } = play;
  /** A pick past the play's maximum: the rule's own words (最多选择8个号码, 合肖中需选择2-10个生肖). */
  const refuse = (next: Selection, max: number) => showToast(overLimitMessage(play, next, max));
  if (input.kind === 'positional' && selection.kind === 'positional') {
    return (
      <div className="picker">
        {input.rows.map((row, i) => (
          <BallRow
            key={row.label}
            family={family}
            play={play}
            group={group}
            label={row.label}
            numbers={row.numbers}
            picked={selection.rows[i] ?? []}
            quick={input.quickButtons}
            onChange={(values) =>
              onChange({ kind: 'positional', rows: selection.rows.map((r, j) => (j === i ? values : r)) })
            }
          />
        ))}
      </div>
    );
  }
  if (input.kind === 'multiPick' && selection.kind === 'multiPick') {
    return (
      <div className="picker">
        <BallRow
          family={family}
          play={play}
          group={group}
          label={input.label}
          numbers={input.numbers}
          picked={selection.picked}
          quick={input.numbers.length >= 10 && input.max > 1}
          max={input.max}
          onOverMax={(picked) => refuse({ kind: 'multiPick', picked }, input.max)}
          onChange={(picked) => onChange({ kind: 'multiPick', picked })}
        />
      </div>
    );
  }
  if (input.kind === 'bankerDrag' && selection.kind === 'bankerDrag') {
    const { bankers, drags } = selection;
    return (
      <div className="picker">
        <BallRow
          family={family}
          play={play}
          group={group}
          label="胆码"
          numbers={input.numbers}
          picked={bankers}
          quick={false}
          max={input.pick - 1}
          onOverMax={(next) => refuse({ kind: 'bankerDrag', bankers: next, drags }, input.pick - 1)}
          onChange={(next) =>
            onChange({ kind: 'bankerDrag', bankers: next, drags: drags.filter((d) => !next.includes(d)) })
          }
        />
        <BallRow
          family={family}
          play={play}
          group={group}
          label="拖码"
          numbers={input.numbers}
          picked={drags}
          quick={false}
          onChange={(next) =>
            onChange({ kind: 'bankerDrag', drags: next, bankers: bankers.filter((b) => !next.includes(b)) })
          }
        />
      </div>
    );
  }
  if (input.kind === 'manual' && selection.kind === 'manual') {
    return (
      <Suspense fallback={<div className="picker manual-entry" />}>
        <ManualEntry
          selection={selection}
          onChange={onChange}
          ticketLength={input.ticketLength}
          numbers={input.numbers}
        />
      </Suspense>
    );
  }
  if (input.kind === 'options' && selection.kind === 'options') {
    const slots = optionSlots(input);
    return (
      <div className="picker">
        {slots.map((slot) => (
          <div className="pick-row" key={slot.label || 'options'} data-row={slot.label}>
            {slot.label ? <div className="pick-row-label">{slot.label}</div> : null}
            <div className="option-grid">
              {slot.indices.map((i) => {
                const option = input.options[i]!;
                const on = selection.picked.includes(i);
                const odds =
                  group > 0
                    ? oddsText(play, group, tierFor(play, option.code, option.label, selection.picked.length))
                    : undefined;
                return (
                  <button
                    key={i}
                    type="button"
                    className={`option-btn${on ? ' option-btn--on' : ''}`}
                    aria-pressed={on}
                    data-value={option.code}
                    onClick={() => {
                      const picked = on ? selection.picked.filter((p) => p !== i) : [...selection.picked, i];
                      const next: Selection = { kind: 'options', picked: picked.sort((a, b) => a - b) };
                      if (picked.length > input.max) refuse(next, input.max);
                      else onChange(next);
                    }}
                  >
                    <span className="option-name">{option.code}</span>
                    {odds ? <span className="option-odds">{odds}</span> : null}
                  </button>
                );
              })}
            </div>
          </div>
        ))}
      </div>
    );
  }
  return null;
});
