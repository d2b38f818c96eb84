import { useState } from 'react';
import { Link } from 'react-router';
import { beijingFormat } from '../../../shared/lib/day';
import { useUserStore } from '../../../shared/stores/user';
import { ListStates } from '../../../shared/ui/list-states';
import { PeriodDropdown } from '../../../shared/ui/period-dropdown';
import { type RecordPeriod, useGameBets } from '../api/games';
import { betStateLabel, RECORD_PERIODS } from '../model/records';
import '../games.css';

/** /ChessRecord 棋牌记录: own table-game bets of 今天 / 昨天 / 七天 (game/getGameBetData). */
export default function ChessRecordPage() {
  const [period, setPeriod] = useState<RecordPeriod>('today');
  const bets = useGameBets(period);
  const uid = useUserStore((s) => s.user?.userId ?? '0');
  const first = bets.data?.pages[0];
  const rows = bets.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <div className="games-page chess-record">
      <PeriodDropdown<RecordPeriod>
        period={period}
        options={RECORD_PERIODS}
        onPeriod={setPeriod}
        className="chess-filter"
        optionsClassName="chess-periods"
      />
      <div className="chess-totals" data-testid="chess-totals">
        <div>
          <span>投注金额</span>
          <b>{first?.betMoney ?? '--'}</b>
        </div>
        <div>
          <span>派奖金额</span>
          <b>{first?.returnMoney ?? '--'}</b>
        </div>
        <div>
          <span>盈亏</span>
          <b>{first?.profit ?? '--'}</b>
        </div>
      </div>
      <ListStates
        className="chess-list"
        endClassName="chess-end"
        query={bets}
        empty={rows.length === 0}
        emptyText="暂无棋牌记录"
        hasMore={Boolean(bets.hasNextPage)}
        loadMore={() => bets.fetchNextPage()}
      >
        {rows.map((row) => (
          <Link
            key={row.id}
            to={`/chessRecordDetail/${row.id}/${uid}`}
            className="chess-row"
            data-testid="chess-row"
          >
            <div className="chess-row-main">
              <b>{row.gameName}</b>
              <span>第{row.roundId}局</span>
            </div>
            <div className="chess-row-sub">
              <span>
                {row.areaName} {row.betMoney}元
              </span>
              <span className={`chess-state chess-state-${row.outcome ?? 'open'}`}>
                {betStateLabel(row.state, row.outcome)}
                {row.returnMoney !== null ? ` 派奖${row.returnMoney}` : ''}
              </span>
            </div>
            <div className="chess-row-time">{beijingFormat(row.gmtCreated, 'YYYY-MM-DD HH:mm:ss')}</div>
          </Link>
        ))}
      </ListStates>
    </div>
  );
}
