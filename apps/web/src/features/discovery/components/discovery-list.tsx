import { NavLink } from 'react-router';
import { displayMoney } from '../../../shared/format';

/** The three lists of /find, one tab each (spec §2: winningInfomation, yesterdayProfitList, yesterdayWinner). */
export function DiscoveryTabs() {
  return (
    <nav className="discovery-tabs">
      <NavLink to="/winningInfomation" replace>
        中奖信息
      </NavLink>
      <NavLink to="/yesterdayProfitList" replace>
        昨日盈利榜
      </NavLink>
      <NavLink to="/yesterdayWinner" replace>
        昨日赢家
      </NavLink>
    </nav>
  );
}

export interface ListedPlayer {
  userId: number;
  userName: string;
  nickName: string;
  avatar: string;
}

/** One row: rank (top three in medal colours), avatar, masked account, a detail line, the amount. */
export function PlayerRow(props: {
  player: ListedPlayer;
  rank?: number;
  detail: string;
  amount: string;
  amountLabel: string;
  onOpen(userId: number): void;
}) {
  const { player, rank } = props;
  return (
    <button
      type="button"
      className="discovery-row"
      data-testid="discovery-row"
      onClick={() => props.onOpen(player.userId)}
    >
      {rank !== undefined ? <span className={`discovery-rank rank-${Math.min(rank, 4)}`}>{rank}</span> : null}
      <img className="discovery-avatar" src={player.avatar || '/static/brand/icon.svg'} alt="" />
      <span className="discovery-who">
        <strong data-testid="row-account">{player.userName}</strong>
        <small>{props.detail}</small>
      </span>
      <span className="discovery-amount">
        <small>{props.amountLabel}</small>
        <b data-testid="row-amount">{displayMoney(props.amount)}</b>
      </span>
    </button>
  );
}

export function ListStatus({ loading, empty, error }: { loading: boolean; empty: boolean; error: boolean }) {
  if (loading) return <div className="discovery-empty">加载中...</div>;
  if (error) return <div className="discovery-empty">加载失败，请稍后重试</div>;
  if (empty) return <div className="discovery-empty">暂无数据</div>;
  return null;
}
