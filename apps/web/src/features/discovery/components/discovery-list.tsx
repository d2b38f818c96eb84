import { NavLink } from 'react-router';
import { displayMoney } from '../../../shared/format';
import { type QueryState, queryFailure, SimpleListStates } from '../../../shared/ui/list-states';

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

/** Loading, failed (the §8 text) or empty, by the shared states; null once there are rows. */
export function ListStatus({ query, empty }: { query: QueryState; empty: boolean }) {
  if (!query.isPending && queryFailure(query) === undefined && !empty) return null;
  return (
    <SimpleListStates query={query} empty={empty}>
      {() => null}
    </SimpleListStates>
  );
}
