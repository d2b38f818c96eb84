import { GAME_CODE_LIST, type GameCodeName, type GameRoundData } from '@lottery/contract/games';
import { Button, Input } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { getGameRound } from '../api/game-round';
import { type GameVerdict, verifyGameRound } from '../model/verify-game';

/** The games' names without loading the engine (the same as packages/rules/games/catalogue). */
const GAME_NAMES: Record<GameCodeName, string> = {
  nn100: '百人牛牛',
  dragonTigerWar: '龙虎斗',
  redBlackWar: '红黑大战',
  baccarat: '百家乐',
  benz: '奔驰宝马',
  sicbo: '骰宝',
};

const isGameCode = (code: string): code is GameCodeName =>
  (GAME_CODE_LIST as readonly string[]).includes(code);

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * /fairness, table games (棋牌): any settled round by game and 局号 (prefilled from /chessRecordDetail):
 * the revealed secret, the chain check back to the day's head and the deal recomputed here with the
 * engine. The published secret and result can be edited and checked again, to see a tampered value fail.
 */
export function GameRoundsSection(props: { initialGameCode: string; initialRoundId: string }) {
  const [gameCode, setGameCode] = useState<GameCodeName>(
    isGameCode(props.initialGameCode) ? props.initialGameCode : 'baccarat',
  );
  const [roundId, setRoundId] = useState(props.initialRoundId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [round, setRound] = useState<GameRoundData | undefined>();
  const [secret, setSecret] = useState('');
  const [claimed, setClaimed] = useState('');
  const [verdict, setVerdict] = useState<GameVerdict | undefined>();

  const check = async (data: GameRoundData, secretHex: string, result: string) => {
    setVerdict(
      await verifyGameRound({
        ...data,
        secret: secretHex.trim(),
        result: result.split(',').map((x) => x.trim()),
      }),
    );
  };

  const load = async (code: GameCodeName, id: string) => {
    setBusy(true);
    setError(undefined);
    setRound(undefined);
    setVerdict(undefined);
    try {
      if (!/^\d{8}-\d{4}$/.test(id.trim())) throw new Error('局号格式错误');
      const data = await getGameRound(code, id.trim());
      setRound(data);
      setSecret(data.secret);
      setClaimed(data.result.join(','));
      await check(data, data.secret, data.result.join(','));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for a round opened from a record
  useEffect(() => {
    if (props.initialRoundId) void load(gameCode, props.initialRoundId);
  }, []);

  return (
    <section className="card" id="games" data-testid="game-rounds">
      <h2 className="fairness-h2">棋牌游戏验证</h2>
      <p className="fairness-muted">
        每个棋牌房间每天一条哈希链：第 k 局的牌靴/骰子/转盘由本局密钥 s<sub>k</sub> 和局号算出，结算后公布 s
        <sub>k</sub>，sha256(s<sub>k</sub>) = s<sub>k-1</sub>，一直回溯到当日链首。
      </p>
      <label className="fairness-field">
        <span>游戏</span>
        <select
          value={gameCode}
          aria-label="游戏"
          onChange={(e) => {
            if (isGameCode(e.target.value)) setGameCode(e.target.value);
            setRound(undefined);
            setVerdict(undefined);
            setError(undefined);
          }}
        >
          {GAME_CODE_LIST.map((code) => (
            <option key={code} value={code}>
              {GAME_NAMES[code]}
            </option>
          ))}
        </select>
      </label>
      <div className="fairness-verify">
        <Input
          className="fairness-issue-input"
          placeholder="输入局号，如 20261126-0001"
          aria-label="局号"
          value={roundId}
          onChange={(v) => setRoundId(v.replace(/[^\d-]/g, ''))}
        />
        <Button
          color="primary"
          size="small"
          loading={busy}
          disabled={busy}
          onClick={() => void load(gameCode, roundId)}
        >
          验证
        </Button>
      </div>
      {error ? (
        <div className="fairness-fail" data-testid="game-verify-error">
          {error}
        </div>
      ) : null}
      {round && verdict ? (
        <div className="fairness-result" data-testid="game-verify-result">
          <div className={verdict.ok ? 'fairness-pass' : 'fairness-fail'} data-testid="game-verdict">
            {verdict.ok
              ? '✓ 验证通过：结果由公布的密钥算出，且密钥可回溯到链首'
              : `✗ 验证失败：${verdict.reason}`}
          </div>
          <dl>
            <dt>局号</dt>
            <dd>
              {round.gameName} {round.roundId}（当日第 {round.seq} 局）
            </dd>
            <dt>公布结果</dt>
            <dd>
              <Input aria-label="公布结果" value={claimed} onChange={setClaimed} className="fairness-edit" />
            </dd>
            <dt>浏览器计算</dt>
            <dd data-testid="game-computed">{verdict.result?.join(',') ?? '—'}</dd>
            <dt>s{round.seq}</dt>
            <dd>
              <Input
                aria-label="本局密钥"
                value={secret}
                onChange={setSecret}
                className="fairness-edit hex"
              />
            </dd>
            <dt>s{round.seq - 1}</dt>
            <dd>
              <code className="hex">{round.previousSecret}</code>
            </dd>
            <dt>链首 s0</dt>
            <dd>
              <code className="hex">{round.chainHead}</code>
            </dd>
          </dl>
          <Button size="small" onClick={() => void check(round, secret, claimed)}>
            按上面的值重新验证
          </Button>
        </div>
      ) : null}
    </section>
  );
}
