import type { GameCodeName } from '@lottery/contract/games';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { balanceKey } from '../../../shared/api/balance';
import { gameBalanceQuery, placeGameBet, useGameDescription } from '../api/games';
import { ChipBar } from '../components/chip-bar';
import { ResultView } from '../components/result-view';
import { RoadView } from '../components/road-view';
import { useGameRoom } from '../components/use-game-room';
import {
  addStake,
  CHIP_VALUES,
  centsToYuan,
  roundSummary,
  type Stakes,
  totalStakeCents,
} from '../model/chips';
import { PHASE_LABELS, secondsLeft } from '../model/countdown';
import { GAME_NAMES, isGameCode } from '../model/games';
import '../games.css';

/**
 * One table (/games/multiplayer/{game}/common with money, /games/demo?gameCode= with chips): the
 * round and its countdown from the game socket, every bet area of game/gameDescription, the chip
 * selector, the dealing animation of the server's result, the round's win/loss from the settled
 * frame and the trend road. Real bets go through game/bet with an idempotency key; demo bets over
 * the socket. Refusals are shown as the server words them.
 */
export default function GameTablePage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const demo = pathname.startsWith('/games/demo');
  const gameCode = demo ? (params.get('gameCode') ?? '') : (pathname.split('/')[3] ?? '');
  if (!isGameCode(gameCode)) return <DemoPicker />;
  return <GameTable key={`${gameCode}-${demo}`} gameCode={gameCode} demo={demo} />;
}

/** /games/demo without a game: pick one of the six. */
function DemoPicker() {
  return (
    <div className="games-page">
      <div className="games-demo-pick">
        {Object.entries(GAME_NAMES).map(([code, name]) => (
          <Link key={code} className="games-demo-link" to={`/games/demo?gameCode=${code}`}>
            {name}
          </Link>
        ))}
      </div>
    </div>
  );
}

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function GameTable(props: { gameCode: GameCodeName; demo: boolean }) {
  const { gameCode, demo } = props;
  const queryClient = useQueryClient();
  const description = useGameDescription(gameCode);
  const balance = useQuery({ ...gameBalanceQuery(), enabled: !demo });
  // the table's own figure, and the shared balance the other screens show (a bet or a payout moved it)
  const refreshBalance = () =>
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: gameBalanceQuery().queryKey }),
      queryClient.invalidateQueries({ queryKey: balanceKey }),
    ]);
  const { state, demoBet } = useGameRoom(gameCode, demo, refreshBalance);
  const [chip, setChip] = useState<number>(CHIP_VALUES[1]);
  const [stakes, setStakes] = useState<{ roundId: string; byArea: Stakes }>({ roundId: '', byArea: {} });
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const now = useNow(250);

  const round = state.round;
  const myStakes = round && stakes.roundId === round.roundId ? stakes.byArea : {};
  const left = round ? secondsLeft(round.deadlineMs, now, state.offsetMs) : 0;
  const debitPerStake = description.data?.areas[0]?.debitPerStake ?? 1;

  const bet = async (area: string, areaName: string) => {
    if (!round || busy) return;
    const amount = String(chip);
    setBusy(true);
    setMessage(null);
    try {
      if (demo) {
        const ack = await demoBet(round.roundId, area, amount);
        if (!ack.ok) {
          setMessage({ text: ack.msg, ok: false });
          return;
        }
      } else {
        const result = await placeGameBet({
          gameCode,
          roundId: round.roundId,
          area,
          amount,
          idempotencyKey: crypto.randomUUID(),
        });
        queryClient.setQueryData(
          gameBalanceQuery().queryKey,
          (old) => old && { ...old, balance: result.balance },
        );
        refreshBalance();
      }
      setStakes((s) => ({
        roundId: round.roundId,
        byArea: addStake(s.roundId === round.roundId ? s.byArea : {}, area, chip),
      }));
      setMessage({ text: `已下注 ${areaName} ${amount}元`, ok: true });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), ok: false });
    } finally {
      setBusy(false);
    }
  };

  const shownBalance = demo ? (state.demoBalance ?? '--') : (balance.data?.balance ?? '--');
  const summary =
    state.settled && round && state.settled.roundId === round.roundId && state.settled.mine
      ? roundSummary(state.settled.mine.betMoney, state.settled.mine.returnMoney, debitPerStake)
      : null;

  return (
    <div className={`games-page game-table game-${gameCode}`}>
      <div className="game-topbar">
        <div>
          <div className="game-round-id" data-testid="round-id">
            第{round?.roundId ?? '--'}局
          </div>
          <div className="game-balance">
            {demo ? '试玩筹码' : '余额'} <b data-testid="balance">{shownBalance}</b>
          </div>
        </div>
        <div className={`game-phase game-phase-${round?.phase ?? 'none'}`}>
          <span data-testid="phase">{round ? PHASE_LABELS[round.phase] : '连接中'}</span>
          <b data-testid="countdown">{round ? left : '--'}</b>
        </div>
      </div>
      {state.socket !== 'open' && state.socketMessage ? (
        <div className="game-socket-note">{state.socketMessage}</div>
      ) : null}
      {demo ? <div className="game-demo-note">试玩模式：使用试玩筹码，不涉及真实资金</div> : null}

      <div className="game-stage" data-testid="stage">
        {round?.result && (round.phase === 'dealing' || round.phase === 'settled') ? (
          <ResultView
            key={round.roundId}
            gameCode={gameCode}
            result={round.result}
            animate={state.dealtLive === round.roundId}
          />
        ) : (
          <div className="game-waiting">{round?.phase === 'betting' ? '请下注' : '等待开奖'}</div>
        )}
        {summary ? (
          <div
            className={`game-summary ${summary.profitCents >= 0 ? 'game-summary-win' : 'game-summary-lose'}`}
            data-testid="summary"
          >
            {summary.text}
          </div>
        ) : null}
      </div>

      <div className={`game-areas game-areas-${gameCode}`}>
        {(description.data?.areas ?? []).map((a) => (
          <button
            key={a.code}
            type="button"
            className={`game-area${myStakes[a.code] ? ' game-area-staked' : ''}`}
            data-area={a.code}
            onClick={() => void bet(a.code, a.name)}
            disabled={busy}
          >
            <span className="game-area-name">{a.name}</span>
            <span className="game-area-pays">{a.pays}</span>
            {myStakes[a.code] ? (
              <span className="game-area-stake">{centsToYuan(myStakes[a.code]!)}</span>
            ) : null}
          </button>
        ))}
      </div>

      <ChipBar value={chip} onChange={setChip} />
      <div className="game-bet-line">
        <span>
          本局已投 <b data-testid="round-stake">{centsToYuan(totalStakeCents(myStakes))}</b>元
          {debitPerStake > 1 ? `（冻结${debitPerStake}倍）` : ''}
        </span>
        {message ? (
          <span className={message.ok ? 'game-msg-ok' : 'game-msg-err'} data-testid="bet-message">
            {message.text}
          </span>
        ) : null}
      </div>

      <RoadView gameCode={gameCode} history={state.history} />

      {description.data ? (
        <details className="game-rules">
          <summary>玩法说明</summary>
          <p>{description.data.rules}</p>
        </details>
      ) : null}
    </div>
  );
}
