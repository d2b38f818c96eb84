import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { type OwnType, typeLevels, typeValue } from '../model/type-rebates';
import { type Level, LevelPicker } from './level-picker';

/**
 * 按彩种设置: under the one rebate, a folded list of the sixteen types, each with the agent's own
 * for the type and a wheel of the levels up to it. Untouched types follow the one rebate (capped
 * at the own); the count of types that differ shows while the list is folded.
 */
export function TypeRebateEditor(props: {
  types: readonly OwnType[];
  levels: readonly Level[];
  base: string | undefined;
  value: Readonly<Record<number, string>>;
  onChange(next: Record<number, string>): void;
  /** Per type, the lowest level offered (a downline's current rebate for it: a raise never lowers). */
  floors?: Readonly<Record<number, string>>;
}) {
  const [open, setOpen] = useState(false);
  const base = props.base ?? '0.0';
  const differing = props.types.filter((t) => typeValue(t, base, props.value) !== base).length;
  return (
    <div className="agent-type-rebates">
      <button
        type="button"
        className="agent-type-rebates-toggle"
        data-testid="type-rebates-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span>按彩种设置</span>
        <small>{differing > 0 ? `${differing} 个彩种不同` : '全部彩种相同'}</small>
        {open ? <UpOutline /> : <DownOutline />}
      </button>
      {open ? (
        <ul className="agent-type-rebates-list">
          {props.types.map((t) => (
            <li
              key={t.lotteryType}
              className="agent-type-rebates-row"
              data-testid="type-rebate-row"
              data-type={t.lotteryType}
            >
              <span className="agent-type-rebates-name">
                {t.name}
                <small>我的 {t.rebate}%</small>
              </span>
              <LevelPicker
                levels={typeLevels(props.levels, t.rebate, props.floors?.[t.lotteryType])}
                value={typeValue(t, base, props.value)}
                onChange={(rebate) => props.onChange({ ...props.value, [t.lotteryType]: rebate })}
                title={`${t.name}返点`}
                testId={`type-rebate-${t.lotteryType}`}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
