import type { ReportFigures } from '@lottery/contract/agent-report';
import { money, trend } from '../model/format';

/** The figures of a report row, in the order a player reads them (profit stands apart: ProfitTag). */
export const FIGURE_LABELS: [keyof ReportFigures, string][] = [
  ['bet', '投注'],
  ['win', '中奖'],
  ['rebate', '返点'],
  ['activity', '活动'],
  ['deposit', '充值'],
  ['withdraw', '提现'],
];

/** A grid of one row's figures; `testId` marks it for the e2e test, `data-figure` each value. */
export function FigureGrid(props: { figures: ReportFigures; testId?: string }) {
  const { figures } = props;
  return (
    <div className="agent-figures" data-testid={props.testId}>
      {FIGURE_LABELS.map(([key, label]) => (
        <div key={key} className="agent-figure">
          <span>{label}</span>
          <strong data-figure={key}>{money(figures[key])}</strong>
        </div>
      ))}
    </div>
  );
}

/** 盈亏 of a row, red for the members' gain, green for a loss, grey at zero. */
export function ProfitTag(props: { profit: string }) {
  return (
    <span className={`agent-profit agent-${trend(props.profit) || 'flat'}`}>
      盈亏 <b data-figure="profit">{money(props.profit)}</b>
    </span>
  );
}
