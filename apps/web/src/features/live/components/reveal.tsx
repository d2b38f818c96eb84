import { lhcWave } from '@lottery/rules/display';
import type { CSSProperties } from 'react';
import { PK10_LANE, WAVE_COLOUR } from '../../../shared/ui/ball-colours';

/**
 * The draw animations (CSS only): dice for K3, cars for PK10, balls for every other family. Each
 * item reveals one drawn number after the one before (REVEAL_STEP_MS apart); `rolling` shows the
 * draw in progress with nothing known yet (no number is invented).
 */
export const REVEAL_STEP_MS = 450;

/** Die roll, ball drop and the slowest car's race (live.css and Race below), in ms. */
const ROLL_MS = 700;
const DROP_MS = 600;
const RACE_MS = 1600;
const RACE_STEP_MS = 220;

/** How long the stage takes to show a whole result of `count` items, the last one landed. */
export function revealDurationMs(family: string, count: number): number {
  const last = Math.max(count - 1, 0);
  if (family === 'PK10') return RACE_MS + last * RACE_STEP_MS;
  return last * REVEAL_STEP_MS + (family === 'K3' ? ROLL_MS : DROP_MS);
}

const PIPS: Record<number, [number, number][]> = {
  1: [[2, 2]],
  2: [
    [1, 1],
    [3, 3],
  ],
  3: [
    [1, 1],
    [2, 2],
    [3, 3],
  ],
  4: [
    [1, 1],
    [1, 3],
    [3, 1],
    [3, 3],
  ],
  5: [
    [1, 1],
    [1, 3],
    [2, 2],
    [3, 1],
    [3, 3],
  ],
  6: [
    [1, 1],
    [1, 3],
    [2, 1],
    [2, 3],
    [3, 1],
    [3, 3],
  ],
};

const delay = (i: number): CSSProperties => ({ animationDelay: `${i * REVEAL_STEP_MS}ms` });

export function Die({
  value,
  size = 56,
  index = 0,
  rolling = false,
  idle = false,
}: {
  value?: string;
  size?: number;
  index?: number;
  rolling?: boolean;
  /** A placeholder standing still (no draw due). */
  idle?: boolean;
}) {
  const n = Number(value);
  const pips = rolling ? [] : (PIPS[n] ?? []);
  // Padding from the die's own size: a percentage would be of the container's width.
  return (
    <span
      className={`live-die ${rolling ? 'live-die--rolling' : 'live-die--reveal'}${idle ? ' live-idle' : ''}`}
      style={{ width: size, height: size, padding: Math.round(size * 0.14), ...delay(index) }}
      data-value={rolling ? undefined : value}
      role="img"
      aria-label={rolling ? '开奖中' : `${value}点`}
    >
      {rolling ? '?' : null}
      {pips.map(([r, c]) => (
        <i
          key={`${r}${c}`}
          className={`live-pip${n === 1 ? ' live-pip--one' : ''}`}
          style={{ gridRow: r, gridColumn: c }}
        />
      ))}
    </span>
  );
}

export function ballColour(family: string, value: string): string | undefined {
  const n = Number(value);
  if (family === 'LHC' && n >= 1 && n <= 49) return WAVE_COLOUR[lhcWave(n)];
  if (family === 'PK10' && n >= 1 && n <= 10) return PK10_LANE[n - 1];
  return undefined;
}

export function Ball({
  family,
  value,
  index = 0,
  rolling = false,
  small = false,
  idle = false,
}: {
  family: string;
  value?: string;
  index?: number;
  rolling?: boolean;
  small?: boolean;
  /** A placeholder standing still (no draw due). */
  idle?: boolean;
}) {
  const colour = value ? ballColour(family, value) : undefined;
  return (
    <span
      className={`live-ball${small ? ' live-ball--small' : ''} ${rolling ? 'live-ball--rolling' : 'live-ball--reveal'}${idle ? ' live-idle' : ''}`}
      style={{ ...delay(index), ...(colour ? { background: colour } : {}) }}
      data-value={rolling ? undefined : value}
    >
      {rolling ? '?' : value}
    </span>
  );
}

/**
 * PK10: ten cars, one lane each (car 1 in lane 1); the drawn numbers are the finishing order, so
 * the car in place k crosses the line k-th (its run lasts longer the later it finishes).
 */
export function Race({ numbers, rolling }: { numbers: readonly string[]; rolling: boolean }) {
  const placeOf = new Map(numbers.map((n, i) => [Number(n), i]));
  return (
    <div className={`live-race${rolling ? ' live-race--rolling' : ''}`} data-testid="live-race">
      {PK10_LANE.map((colour, i) => {
        const car = i + 1;
        const place = placeOf.get(car);
        const style = {
          '--car-colour': colour,
          animationDuration: place === undefined ? undefined : `${RACE_MS + place * RACE_STEP_MS}ms`,
        } as CSSProperties;
        return (
          <div key={car} className="live-lane">
            <span className={`live-car${place === undefined ? '' : ' live-car--run'}`} style={style}>
              <b>{car}</b>
            </span>
            {place === undefined ? null : <em className="live-place">{place + 1}</em>}
          </div>
        );
      })}
    </div>
  );
}

/** The stage: the family's animation for one draw (or the draw in progress when `numbers` is empty). */
export function Reveal({
  family,
  numbers,
  length,
  drawing,
}: {
  family: string;
  numbers: readonly string[];
  /** How many items a draw of this lottery has (placeholders while no result is shown). */
  length: number;
  /** The draw is due and its result has not arrived: placeholders roll. */
  drawing: boolean;
}) {
  const rolling = numbers.length === 0;
  if (family === 'PK10') return <Race numbers={numbers} rolling={drawing} />;
  const items = rolling ? Array.from({ length }, () => undefined) : numbers;
  const idle = rolling && !drawing;
  if (family === 'K3')
    return (
      <div className="live-dice">
        {items.map((v, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: dice can repeat
          <Die key={`${i}-${v}`} value={v} index={i} rolling={rolling} idle={idle} size={64} />
        ))}
      </div>
    );
  return (
    <div className={`live-balls live-balls--${family}${items.length > 10 ? ' live-balls--many' : ''}`}>
      {items.map((v, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: digits can repeat
        <Ball key={`${i}-${v}`} family={family} value={v} index={i} rolling={rolling} idle={idle} />
      ))}
    </div>
  );
}

/** A result in the history list: small dice for K3, small balls otherwise. */
export function ResultRow({ family, numbers }: { family: string; numbers: readonly string[] }) {
  if (family === 'K3')
    return (
      <span className="live-row-dice">
        {numbers.map((v, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: dice can repeat
          <Die key={i} value={v} size={22} />
        ))}
        <span className="live-sum">和{numbers.reduce((s, v) => s + Number(v), 0)}</span>
      </span>
    );
  return (
    <span className="live-row-balls">
      {numbers.map((v, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: digits can repeat
        <Ball key={i} family={family} value={v} small />
      ))}
    </span>
  );
}
