import { normaliseChaseCount, normaliseMultiplier } from '@lottery/rules/amount';
import type { LotteryDef } from '@lottery/rules/lotteries';
import { issueLabel } from '@lottery/rules/schedule';
import { Button, Checkbox } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { serverNow } from '../../../shared/api/server-time';
import { feedbackWidgets } from '../../../shared/ui/feedback';
import { LazyPopup } from '../../../shared/ui/lazy-popup';
import type { BasketLine } from '../model/basket';
import { yuan } from '../model/basket';
import { CHASE_LIMITS, type ChaseOptions, chasePlan, setStopOption } from '../model/chase';
import './chase.css';
import { DigitInput } from '../../../shared/ui/digit-input';

/** Whole numbers only (decimals truncated); an empty or invalid box becomes 1 (spec §5). */
const wholeNumber = (text: string) => normaliseMultiplier(text.replace(/\..*$/, ''), Number.MAX_SAFE_INTEGER);

/** − [n] + with the spec's normalising: at least 1, capped with 最多N期 / 最多N倍. */
function NumberStepper(props: {
  label: string;
  unit: string;
  value: number;
  normalise(text: string): { value: number; message?: string };
  onChange(value: number): void;
}) {
  const [text, setText] = useState(String(props.value));
  useEffect(() => setText(String(props.value)), [props.value]);
  const commit = (raw: string) => {
    const next = props.normalise(raw);
    setText(String(next.value));
    props.onChange(next.value);
    if (next.message) void feedbackWidgets().then(({ Toast }) => Toast.show(next.message!));
  };
  return (
    <div className="chase-field">
      <span className="chase-field-label">{props.label}</span>
      <div className="stepper">
        <button
          type="button"
          className="stepper-btn"
          aria-label={`减少${props.label}`}
          disabled={props.value <= 1}
          onClick={() => commit(String(props.value - 1))}
        >
          −
        </button>
        <DigitInput
          className="stepper-input"
          aria-label={props.label}
          value={text}
          onChange={setText}
          onBlur={() => commit(text)}
        />
        <button
          type="button"
          className="stepper-btn"
          aria-label={`增加${props.label}`}
          onClick={() => commit(String(props.value + 1))}
        >
          +
        </button>
        <span className="stepper-unit">{props.unit}</span>
      </div>
    </div>
  );
}

/**
 * The chase detail popup (spec/betting.md §2, §5): 追号期数 and 倍数 steppers, 中奖即停 / 中奖循环
 * (mutually exclusive), 翻倍 with its every-N-issues and ×M steppers, and every issue's
 * multiplier and amount as the server will recompute them.
 */
export function ChasePopup(props: {
  lottery: LotteryDef;
  visible: boolean;
  lines: readonly BasketLine[];
  options: ChaseOptions;
  onChange(options: ChaseOptions): void;
  onClose(): void;
}) {
  const { options, onChange } = props;
  const plan = props.visible ? chasePlan(props.lottery, props.lines, options, serverNow()) : undefined;
  return (
    <LazyPopup visible={props.visible} onMaskClick={props.onClose} bodyClassName="chase-popup">
      <div className="popup-title">追号设置</div>
      <div className="chase-settings">
        <NumberStepper
          label="追号期数"
          unit="期"
          value={options.chaseCount}
          normalise={(t) => normaliseChaseCount(t, CHASE_LIMITS.maxIssues)}
          onChange={(chaseCount) => onChange({ ...options, chaseCount })}
        />
        <NumberStepper
          label="倍数"
          unit="倍"
          value={options.power}
          normalise={(t) => normaliseMultiplier(t, CHASE_LIMITS.maxPower)}
          onChange={(power) => onChange({ ...options, power })}
        />
        <div className="chase-checks">
          <Checkbox
            checked={options.loopAfterWin}
            onChange={(on) => onChange(setStopOption(options, 'loop', on))}
          >
            中奖循环
          </Checkbox>
          <Checkbox
            checked={options.stopAfterWin}
            onChange={(on) => onChange(setStopOption(options, 'stop', on))}
          >
            中奖即停
          </Checkbox>
          <Checkbox checked={options.doubling} onChange={(doubling) => onChange({ ...options, doubling })}>
            翻倍
          </Checkbox>
        </div>
        {options.doubling ? (
          <div className="chase-doubling">
            <NumberStepper
              label="每隔"
              unit="期"
              value={options.chaseEach}
              normalise={wholeNumber}
              onChange={(chaseEach) => onChange({ ...options, chaseEach })}
            />
            <NumberStepper
              label="倍数×"
              unit="倍"
              value={options.chaseEachMultiple}
              normalise={wholeNumber}
              onChange={(chaseEachMultiple) => onChange({ ...options, chaseEachMultiple })}
            />
          </div>
        ) : null}
      </div>
      <div className="chase-table" data-testid="chase-table">
        <div className="chase-row chase-head">
          <span>序号</span>
          <span>期号</span>
          <span>倍数</span>
          <span>金额</span>
        </div>
        {plan?.error ? <div className="chase-error">{plan.error}</div> : null}
        {plan?.rows.map((row) => (
          <div className="chase-row" key={row.issue}>
            <span>{row.index + 1}</span>
            <span>{issueLabel(row.issue)}期</span>
            <span>{row.multiplier}倍</span>
            <span>{yuan(row.amountMinor)}元</span>
          </div>
        ))}
      </div>
      <div className="basket-footer">
        <span>
          共<b>{plan?.rows.length ?? 0}</b>期 合计
          <b data-testid="chase-total">{yuan(plan?.totalMinor ?? 0n)}</b>元
        </span>
        <Button color="primary" disabled={Boolean(plan?.error)} onClick={props.onClose}>
          确定
        </Button>
      </div>
    </LazyPopup>
  );
}
