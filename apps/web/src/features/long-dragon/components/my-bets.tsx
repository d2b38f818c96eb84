import { Link } from 'react-router';
import { displayMoney } from '../../../shared/format';
import { zhCN } from '../../../shared/locales/zh-CN';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoading } from '../../../shared/ui/page-loading';
import { useMyDragonBets } from '../api/my-bets';

/** 我的投注: recent bets on long-dragon lotteries; amount won, 等待开奖 or 已撤单 (spec §3 my-bets row). */
export function MyBets({ onLeave }: { onLeave?(): void }) {
  const bets = useMyDragonBets(true);
  if (bets.isPending) return <PageLoading />;
  const rows = bets.data ?? [];
  if (rows.length === 0) return <EmptyState text="暂无投注记录" />;
  return (
    <div className="ld-bets">
      {rows.map((row) => {
        const waiting = row.state === 0;
        const won = row.state === 1;
        return (
          <Link
            key={row.id}
            to={`/bettingRecord/${row.id}`}
            className="ld-bet"
            data-testid="ld-bet"
            onClick={onLeave}
          >
            <div className="ld-bet-main">
              <div className="ld-bet-name">{row.lotteryName}</div>
              <div className="ld-bet-issue">第{row.issue}期</div>
            </div>
            <div className="ld-bet-side">
              <div className="ld-bet-amount">{displayMoney(row.bettingAmount)}元</div>
              <div className={won ? 'ld-bet-return won' : 'ld-bet-return'}>
                {waiting || row.state === 3 ? row.returnAmount : `${displayMoney(row.returnAmount)}元`}
              </div>
            </div>
          </Link>
        );
      })}
      <div className="ld-end">{zhCN.allShown}</div>
    </div>
  );
}
