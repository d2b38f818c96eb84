import { Link } from 'react-router';
import { NotReady } from '../../../shared/ui/list-states';
import { useGameList } from '../api/games';
import { PHASE_LABELS } from '../model/countdown';
import '../games.css';

/**
 * /gamesList: the six table games of game/gameListFront with their open state and current round,
 * an entry to each table (with money, login) and to its demo (chips, no login), and to 棋牌记录.
 */
export default function GamesListPage() {
  const list = useGameList();
  if (!list.isSuccess) return <NotReady query={list} />;
  const { enabled, games } = list.data;
  return (
    <div className="games-page">
      {!enabled ? <div className="games-closed">棋牌游戏暂未开放</div> : null}
      <div className="games-grid">
        {games.map((g) => (
          <div key={g.gameCode} className={`games-card games-card-${g.gameCode}`} data-game={g.gameCode}>
            <div className="games-card-name">{g.gameName}</div>
            <div className="games-card-state">
              {g.open && g.round ? (
                <>
                  <span className="games-open">开放中</span> 第{g.round.roundId}局{' '}
                  {PHASE_LABELS[g.round.phase]}
                </>
              ) : (
                <span className="games-shut">未开放</span>
              )}
            </div>
            <div className="games-card-actions">
              {g.open ? (
                <Link className="games-enter" to={`/games/multiplayer/${g.gameCode}/common`}>
                  进入游戏
                </Link>
              ) : null}
              {g.open ? (
                <Link className="games-demo" to={`/games/demo?gameCode=${g.gameCode}`}>
                  试玩
                </Link>
              ) : null}
            </div>
          </div>
        ))}
      </div>
      <Link className="games-records-link" to="/ChessRecord">
        棋牌记录
      </Link>
    </div>
  );
}
