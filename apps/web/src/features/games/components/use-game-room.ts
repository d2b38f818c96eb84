import {
  type GameCodeName,
  GameMessages,
  type GameServerFrame,
  type RoundView,
} from '@lottery/contract/games';
import { useEffect, useRef, useState } from 'react';
import { showToast } from '../../../shared/ui/feedback';
import { getGameToken } from '../api/games';
import { clockOffset } from '../model/countdown';
import { GameSocket, type GameSocketState } from '../model/game-socket';

export interface SettledView {
  roundId: string;
  /** The player's own stake and credit (play) or chips (demo), null when he did not bet. */
  mine: { betMoney: string; returnMoney: string } | null;
}

export interface RoomState {
  round: RoundView | null;
  history: { roundId: string; result: string[] }[];
  /** server − local, from the last frame's serverMs. */
  offsetMs: number;
  socket: GameSocketState;
  socketMessage?: string;
  settled: SettledView | null;
  demoBalance: string | null;
  /** The round whose result arrived while the page watched (animated), versus one already dealt. */
  dealtLive: string | null;
}

const HISTORY_KEEP = 60;

/**
 * One game room over the game socket: the round and its phase, the result when dealt, the recent
 * results for the road, the settled summary and, in demo mode, the chip balance. `onSettled` runs
 * after every settled or void frame (the play table refreshes the balance).
 */
export function useGameRoom(gameCode: GameCodeName, demo: boolean, onSettled: () => void) {
  const [state, setState] = useState<RoomState>({
    round: null,
    history: [],
    offsetMs: 0,
    socket: 'connecting',
    settled: null,
    demoBalance: null,
    dealtLive: null,
  });
  const socketRef = useRef<GameSocket | null>(null);
  const demoAcks = useRef<((frame: { ok: boolean; msg: string; demoBalance: string }) => void)[]>([]);
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;

  useEffect(() => {
    const onFrame = (frame: GameServerFrame, receivedMs: number) => {
      setState((s) => reduceFrame(s, frame, receivedMs));
      if (frame.type === 'settled' && !demo) settledRef.current();
      if (frame.type === 'void') {
        // the refund (221, or the demo chips) is in: the player hears why his bet came back
        showToast(GameMessages.voided(frame.roundId, frame.reason), 3000);
        if (!demo) settledRef.current();
      }
      if (frame.type === 'demoBet') demoAcks.current.shift()?.(frame);
    };
    const socket = new GameSocket({
      gameCode,
      demo,
      fetchToken: () => getGameToken(gameCode),
      onFrame,
      onState: (socketState, message) =>
        setState((s) => ({ ...s, socket: socketState, socketMessage: message })),
    });
    socketRef.current = socket;
    socket.start();
    return () => {
      socket.stop();
      socketRef.current = null;
    };
  }, [gameCode, demo]);

  /** A demo bet on the socket; resolves with the server's ack (ok, message, chips left). */
  const demoBet = (roundId: string, area: string, amount: string) =>
    new Promise<{ ok: boolean; msg: string; demoBalance: string }>((resolve) => {
      if (!socketRef.current?.send({ type: 'demoBet', roundId, area, amount })) {
        resolve({ ok: false, msg: '连接失败，请稍后再试', demoBalance: '' });
        return;
      }
      demoAcks.current.push(resolve);
    });

  return { state, demoBet };
}

export function reduceFrame(s: RoomState, frame: GameServerFrame, receivedMs: number): RoomState {
  switch (frame.type) {
    case 'hello':
      return {
        ...s,
        round: frame.round,
        history: frame.history.slice(-HISTORY_KEEP),
        offsetMs: clockOffset(frame.serverMs, receivedMs),
        demoBalance: frame.demoBalance,
      };
    case 'phase': {
      const dealtLive =
        frame.round.phase === 'dealing' && frame.round.result ? frame.round.roundId : s.dealtLive;
      const settled = frame.round.phase === 'betting' ? null : s.settled;
      return {
        ...s,
        round: frame.round,
        offsetMs: clockOffset(frame.serverMs, receivedMs),
        dealtLive,
        settled,
      };
    }
    case 'settled': {
      const result = frame.round.result;
      const history =
        result && !s.history.some((h) => h.roundId === frame.round.roundId)
          ? [...s.history, { roundId: frame.round.roundId, result }].slice(-HISTORY_KEEP)
          : s.history;
      return {
        ...s,
        round: frame.round,
        history,
        offsetMs: clockOffset(frame.serverMs, receivedMs),
        settled:
          s.settled?.roundId === frame.round.roundId && s.settled.mine
            ? s.settled
            : {
                roundId: frame.round.roundId,
                mine: frame.mine,
              },
      };
    }
    case 'demoSettled':
      return {
        ...s,
        demoBalance: frame.demoBalance,
        settled: {
          roundId: frame.roundId,
          mine: { betMoney: frame.betMoney, returnMoney: frame.returnMoney },
        },
      };
    case 'demoBet':
      return { ...s, demoBalance: frame.demoBalance || s.demoBalance };
    case 'pong':
      return { ...s, offsetMs: clockOffset(frame.serverMs, receivedMs) };
    default:
      return s;
  }
}
