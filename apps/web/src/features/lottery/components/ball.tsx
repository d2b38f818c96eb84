import { lhcWave } from '@lottery/rules/display';
import type { Family } from '@lottery/rules/family';
import { PK10_LANE, WAVE_COLOUR } from '../../../shared/ui/ball-colours';

/**
 * One pickable ball (DESIGN.md §9): round, red when selected and white when not; dice faces for
 * K3; LHC balls ringed in their wave colour; PK10 numbers in their lane colour.
 */

export function ballTone(family: Family, value: string): string | undefined {
  if (!/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  if (family === 'PK10' && n >= 1 && n <= 10) return PK10_LANE[n - 1];
  if (family === 'LHC' && n >= 1 && n <= 49) return WAVE_COLOUR[lhcWave(n)];
  return undefined;
}

const PIPS: Record<number, [number, number][]> = {
  1: [[50, 50]],
  2: [
    [28, 28],
    [72, 72],
  ],
  3: [
    [26, 26],
    [50, 50],
    [74, 74],
  ],
  4: [
    [28, 28],
    [72, 28],
    [28, 72],
    [72, 72],
  ],
  5: [
    [26, 26],
    [74, 26],
    [50, 50],
    [26, 74],
    [74, 74],
  ],
  6: [
    [28, 24],
    [72, 24],
    [28, 50],
    [72, 50],
    [28, 76],
    [72, 76],
  ],
};

/** A die face 1-6 (K3 results and pickers). */
export function Die({ face, size = 28 }: { face: number; size?: number }) {
  const pips = PIPS[face] ?? [];
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 100 100"
      role="img"
      aria-label={String(face)}
      className="die"
    >
      <rect x="4" y="4" width="92" height="92" rx="18" fill="#fff" stroke="#d9d9d9" strokeWidth="4" />
      {pips.map(([x, y]) => (
        <circle
          key={`${x}-${y}`}
          cx={x}
          cy={y}
          r="10"
          fill={face === 1 || face === 4 ? '#d81e26' : '#262626'}
        />
      ))}
    </svg>
  );
}

export function Ball({
  family,
  value,
  label,
  selected,
  onToggle,
  sub,
  dice,
}: {
  family: Family;
  value: string;
  label?: string;
  selected: boolean;
  onToggle(): void;
  /** A small line under the ball (odds). */
  sub?: string;
  /** K3: draw the value as dice ('11' = two dice showing 1). */
  dice?: boolean;
}) {
  const tone = ballTone(family, value);
  const text = label ?? value;
  const wide = text.length > 2;
  if (dice) {
    return (
      <button
        type="button"
        className={`dice-pick${selected ? ' dice-pick--on' : ''}`}
        aria-pressed={selected}
        aria-label={value}
        data-value={value}
        onClick={onToggle}
      >
        {[...value].map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: faces repeat ('111')
          <Die key={i} face={Number(d)} size={26} />
        ))}
        {sub ? <span className="ball-sub">{sub}</span> : null}
      </button>
    );
  }
  return (
    <button
      type="button"
      className={`ball${selected ? ' ball--on' : ''}${wide ? ' ball--wide' : ''}`}
      aria-pressed={selected}
      data-value={value}
      style={tone ? ({ '--ball-tone': tone } as React.CSSProperties) : undefined}
      onClick={onToggle}
    >
      <span className="ball-face">{text}</span>
      {sub ? <span className="ball-sub">{sub}</span> : null}
    </button>
  );
}

/** A drawn number in the results strip. */
export function ResultBall({ family, value }: { family: Family; value: string }) {
  if (family === 'K3') return <Die face={Number(value)} size={26} />;
  const tone = ballTone(family, value);
  return (
    <span className="result-ball" style={tone ? ({ '--ball-tone': tone } as React.CSSProperties) : undefined}>
      {value}
    </span>
  );
}
