import { describeSelection } from '@lottery/rules/describe';
import type { BetSlip } from '../hooks/use-bet-slip';
import type { RebatePoint } from '../hooks/use-rebate-point';
import { SingleFooter, StandardFooter, UnitSwitch } from './bet-footer';
import type { FastControls } from './fast-bet-controls';
import { RebatePicker } from './rebate-picker';

/**
 * The bottom bet bar: a single-mode play's footer (per-bet amount, 最高可中, 立即投注) or the standard
 * one (multiplier, 元/角/分, 号码栏, 添加号码), with the rebate chip and fast mode's controls.
 */
export function BetBar(props: {
  slip: BetSlip;
  rebate: RebatePoint;
  maxWinMinor: bigint;
  /** A bet is in flight. */
  busy: boolean;
  basketLines: number;
  /** Fast lotteries (连续开奖) only. */
  fast: FastControls | undefined;
  onAdd(): void;
  onBetSingle(): void;
  onOpenBasket(): void;
}) {
  const { slip, rebate } = props;
  const { play } = slip;
  const rebatePicker = (
    <RebatePicker rebateTenths={rebate.rebateTenths} pointTenths={rebate.point} onChange={rebate.setPoint} />
  );
  if (slip.single) {
    return (
      <SingleFooter
        count={slip.counted.count}
        amountMinor={slip.amountMinor}
        family={slip.family}
        playName={play.name}
        selectionText={describeSelection(play, slip.selectionNumber)}
        perBetText={slip.perBetText}
        maxWinMinor={props.maxWinMinor}
        busy={props.busy}
        rebate={rebatePicker}
        units={slip.stock ? <UnitSwitch unit={slip.unit} onUnit={slip.chooseUnit} /> : undefined}
        onPerBet={slip.setPerBetText}
        onPerBetCommit={slip.commitPerBet}
        onClear={slip.clearSelection}
        onBet={props.onBetSingle}
        fast={props.fast}
      />
    );
  }
  return (
    <StandardFooter
      count={slip.counted.count}
      amountMinor={slip.amountMinor}
      multiplierText={slip.multiplierText}
      unit={slip.unit}
      basketLines={props.basketLines}
      rebate={rebatePicker}
      onMultiplierText={slip.setMultiplierText}
      onMultiplierCommit={slip.commitMultiplier}
      onStep={slip.stepMultiplier}
      onUnit={slip.chooseUnit}
      onAdd={props.onAdd}
      onOpenBasket={props.onOpenBasket}
      fast={props.fast}
    />
  );
}
