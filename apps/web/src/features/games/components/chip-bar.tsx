import { CHIP_VALUES } from '../model/chips';

/** The chip selector: the chosen value is what one tap on an area stakes. */
export function ChipBar(props: { value: number; onChange(value: number): void }) {
  return (
    <div className="game-chips">
      {CHIP_VALUES.map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={props.value === v}
          className={`game-chip game-chip-${v}${props.value === v ? ' game-chip-on' : ''}`}
          onClick={() => props.onChange(v)}
        >
          {v}
        </button>
      ))}
    </div>
  );
}
