import { verifyRound } from '@lottery/rules/games/verify';
import { Link, useParams } from 'react-router';
import { beijingFormat } from '../../../shared/lib/day';
import { NotReady } from '../../../shared/ui/list-states';
import { useGameBetInfo } from '../api/games';
import { ResultView } from '../components/result-view';
import { betStateLabel } from '../model/records';
import '../games.css';

const VERDICTS: Record<string, string> = {
  brokenChain: '验证失败：sha256(本局密钥) 与上一局密钥不一致',
  resultDiffers: '验证失败：由密钥算出的结果与公布结果不一致',
  badSecret: '验证失败：密钥格式错误',
  badRoundId: '验证失败：局号格式错误',
  unknownGame: '验证失败：游戏不存在',
};

/**
 * /chessRecordDetail/{id}/{uid}: one own bet (game/getGameBetInfo), its round's result, the
 * revealed secret, the previous secret and the day's chain head, verified here in the browser with
 * the engine (packages/rules): sha256(secret) = previous secret, and the deal from the secret is
 * the published result.
 */
export default function ChessRecordDetailPage() {
  const { id = '' } = useParams();
  const info = useGameBetInfo(id);
  if (!info.isSuccess) return <NotReady query={info} />;
  const { bet, round } = info.data;
  const verdict =
    round.secret && round.previousSecret && round.result
      ? verifyRound({
          gameCode: round.gameCode,
          roundId: round.roundId,
          secretHex: round.secret,
          previousSecretHex: round.previousSecret,
          claimedResult: round.result,
        })
      : null;
  return (
    <div className="games-page chess-detail">
      <dl className="chess-fields">
        <dt>游戏</dt>
        <dd>{bet.gameName}</dd>
        <dt>局号</dt>
        <dd>{bet.roundId}</dd>
        <dt>投注区域</dt>
        <dd>{bet.areaName}</dd>
        <dt>投注金额</dt>
        <dd>{bet.betMoney}元</dd>
        {bet.debitMoney !== bet.betMoney ? (
          <>
            <dt>冻结金额</dt>
            <dd>{bet.debitMoney}元</dd>
          </>
        ) : null}
        <dt>派奖金额</dt>
        <dd>{bet.returnMoney ?? '--'}</dd>
        <dt>状态</dt>
        <dd data-testid="bet-state">{betStateLabel(bet.state, bet.outcome)}</dd>
        <dt>投注时间</dt>
        <dd>{beijingFormat(bet.gmtCreated, 'YYYY-MM-DD HH:mm:ss')}</dd>
      </dl>
      <h3 className="chess-h">开奖结果</h3>
      {round.state === 'void' ? (
        <div className="game-waiting" data-testid="round-void">
          本局已作废，投注已全额退款
        </div>
      ) : round.result ? (
        <div className="game-stage chess-stage">
          <ResultView gameCode={round.gameCode} result={round.result} animate={false} />
        </div>
      ) : (
        <div className="game-waiting">待开奖</div>
      )}
      <h3 className="chess-h">公平性验证</h3>
      <dl className="chess-fields chess-hashes">
        <dt>本局密钥</dt>
        <dd data-testid="secret">{round.secret ?? '结算后公布'}</dd>
        <dt>上一局密钥</dt>
        <dd data-testid="previous-secret">{round.previousSecret ?? '--'}</dd>
        <dt>当日链首</dt>
        <dd>{round.chainHead}</dd>
      </dl>
      <p className="chess-explain">
        每个房间每天预先生成一条哈希链并公布链首：每局的密钥 s 满足 sha256(本局密钥) =
        上一局密钥（第一局为链首），
        所以本局密钥在开局前就已确定、无法更改；本局结果由密钥和局号算出。本页已在您的浏览器中重新计算。
      </p>
      {verdict ? (
        <div className={`chess-verdict ${verdict.ok ? 'chess-ok' : 'chess-bad'}`} data-testid="verdict">
          {verdict.ok ? '验证通过：sha256(本局密钥) = 上一局密钥，结果与公布一致' : VERDICTS[verdict.reason]}
        </div>
      ) : (
        <div className="chess-verdict">
          {round.state === 'void' ? '本局已作废，不公布密钥' : '本局结算后可验证'}
        </div>
      )}
      {round.state === 'settled' ? (
        <Link
          className="games-records-link"
          data-testid="verify-link"
          to={`/fairness?gameCode=${round.gameCode}&roundId=${round.roundId}#games`}
        >
          去公平性页面验证本局
        </Link>
      ) : (
        <Link className="games-records-link" to="/fairness">
          了解公平性验证
        </Link>
      )}
    </div>
  );
}
