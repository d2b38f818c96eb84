import { BETTING_UNITS, type BettingUnit, UNIT_LABEL } from '@lottery/rules/amount';
import { shortSelection } from '@lottery/rules/describe';
import type { Family } from '@lottery/rules/family';
import { Badge, Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { DigitInput } from '../../../shared/ui/digit-input';
import { ShortText } from '../../../shared/ui/short-text';
import { useFooterBalance } from '../api/balance';
import { yuan } from '../model/basket';
import { type FastControls, FastStopButton, FastTimesSelector } from './fast-bet-controls';

/**
 * The player's balance in the footer. It reads the balance itself: when the answer comes (after the
 * screen is drawn, and again after each bet) only this text is drawn again, not the betting screen.
 */
function FooterBalance() {
  const balance = useFooterBalance();
  return <span data-testid="footer-balance">{balance.data?.balance ?? '--'}</span>;
}

/**
 * Standard footer (spec/betting.md §2): count and amount of the current selection, add-to-basket,
 * the basket button with its badge, multiplier stepper (最多N倍), 元/角/分 and the balance.
 */
export function StandardFooter(props: {
  count: number;
  amountMinor: bigint;
  multiplierText: string;
  unit: BettingUnit;
  basketLines: number;
  /** The rebate chip (RebatePicker). */
  rebate: ReactNode;
  onMultiplierText(text: string): void;
  onMultiplierCommit(): void;
  onStep(delta: number): void;
  onUnit(unit: BettingUnit): void;
  onAdd(): void;
  onOpenBasket(): void;
  /** Fast lotteries (连续开奖): the times selector, and 停止开奖 in place of the controls while running. */
  fast?: FastControls;
}) {
  if (props.fast?.running) {
    return (
      <div className="bet-footer">
        <FastTimesSelector fast={props.fast} />
        <FastStopButton fast={props.fast} />
      </div>
    );
  }
  return (
    <div className="bet-footer">
      {props.fast ? <FastTimesSelector fast={props.fast} /> : null}
      <div className="bet-footer-row">
        <div className="stepper">
          <button
            type="button"
            className="stepper-btn"
            aria-label="减少倍数"
            onClick={() => props.onStep(-1)}
          >
            −
          </button>
          <DigitInput
            className="stepper-input"
            aria-label="倍数"
            value={props.multiplierText}
            onChange={props.onMultiplierText}
            onBlur={props.onMultiplierCommit}
          />
          <button type="button" className="stepper-btn" aria-label="增加倍数" onClick={() => props.onStep(1)}>
            +
          </button>
          <span className="stepper-unit">倍</span>
        </div>
        {props.rebate}
        <UnitSwitch unit={props.unit} onUnit={props.onUnit} />
      </div>
      <div className="bet-footer-row bet-footer-main">
        <Badge content={props.basketLines > 0 ? props.basketLines : null}>
          <button type="button" className="basket-btn" onClick={props.onOpenBasket} aria-label="号码栏">
            号码栏
          </button>
        </Badge>
        <div className="bet-summary">
          <div>
            共<b data-testid="bet-count">{props.count}</b>注{' '}
            <b data-testid="bet-amount">{yuan(props.amountMinor)}</b>元
          </div>
          <div className="bet-balance">
            余额 <FooterBalance />
          </div>
        </div>
        <Button color="primary" className="add-btn" onClick={props.onAdd}>
          添加号码
        </Button>
      </div>
    </div>
  );
}

/** 元/角/分: the bettingUnit of the line. */
export function UnitSwitch({ unit, onUnit }: { unit: BettingUnit; onUnit(unit: BettingUnit): void }) {
  return (
    <div className="unit-switch">
      {BETTING_UNITS.map((u) => (
        <button
          key={u}
          type="button"
          className={`unit-btn${unit === u ? ' unit-btn--on' : ''}`}
          onClick={() => onUnit(u)}
        >
          {UNIT_LABEL[u]}
        </button>
      ))}
    </div>
  );
}

/**
 * Single-mode footer (K3, LHC and one-mode plays): 清空, count and money, the current selection,
 * per-bet amount, maximum win and a button reading 请选注 or 立即投注.
 */
export function SingleFooter(props: {
  family: Family;
  playName: string;
  count: number;
  amountMinor: bigint;
  selectionText: string;
  perBetText: string;
  maxWinMinor: bigint;
  busy: boolean;
  /** The rebate chip (RebatePicker). */
  rebate: ReactNode;
  /** Stock plays bet in a unit (spec/betting.md §3): their 元/角/分 switch. */
  units?: ReactNode;
  onPerBet(text: string): void;
  /** Leaving the box: a non-integer or zero is cleared, above 1,000,000 capped (spec §5). */
  onPerBetCommit(): void;
  onClear(): void;
  onBet(): void;
  /** Fast lotteries: 连续开奖 times, 马上开奖, and 停止开奖 in place of the controls while running. */
  fast?: FastControls;
}) {
  const ready = props.count > 0;
  return (
    <div className="bet-footer bet-footer--single">
      <div className="bet-footer-row">
        {props.selectionText ? (
          <ShortText
            className="single-selection"
            testId="selection-text"
            short={shortSelection(props.family, props.selectionText)}
            full={props.selectionText}
            title={props.playName}
          />
        ) : (
          <span className="single-selection" data-testid="selection-text">
            未选择号码
          </span>
        )}
        {props.units}
        <span className="bet-balance">
          余额 <FooterBalance />
        </span>
      </div>
      <div className="bet-footer-row">
        <DigitInput
          className="per-bet-input"
          aria-label="单注金额"
          placeholder="输入金额"
          value={props.perBetText}
          onChange={props.onPerBet}
          onBlur={props.onPerBetCommit}
        />
        <span className="max-win">
          最高可中 <b data-testid="max-win">{yuan(props.maxWinMinor)}</b>元
        </span>
        {props.rebate}
      </div>
      {props.fast ? <FastTimesSelector fast={props.fast} /> : null}
      {props.fast?.running ? (
        <FastStopButton fast={props.fast} />
      ) : (
        <div className="bet-footer-row bet-footer-main">
          <button type="button" className="clear-btn" onClick={props.onClear}>
            清空
          </button>
          <div className="bet-summary">
            共<b data-testid="bet-count">{props.count}</b>注{' '}
            <b data-testid="bet-amount">{yuan(props.amountMinor)}</b>元
          </div>
          <Button
            color="primary"
            className="add-btn"
            loading={props.busy}
            disabled={props.busy}
            onClick={props.onBet}
          >
            {ready ? (props.fast ? '马上开奖' : '立即投注') : '请选注'}
          </Button>
        </div>
      )}
    </div>
  );
}
