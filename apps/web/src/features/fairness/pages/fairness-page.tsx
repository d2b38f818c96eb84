import type { FairnessChain, FairnessIssue } from '@lottery/contract/draw';
import { LOTTERIES } from '@lottery/rules/lotteries';
import { issueLabel } from '@lottery/rules/schedule';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { beijingFormat } from '../../../shared/lib/day';
import { getFairnessChain, getFairnessIssue, useFairnessChain, useRecentResults } from '../api/fairness';
import { GameRoundsSection } from '../components/game-rounds';
import { InstantRoundsSection } from '../components/instant-rounds';
import { type Verdict, verifyIssue } from '../model/verify';
import '../fairness.css';

const HOUSE_LOTTERIES = LOTTERIES.filter((l) => l.houseDrawn);

interface Checked {
  data: FairnessIssue;
  chain: FairnessChain;
  verdict: Verdict;
}

/**
 * /fairness: explains the hash-chain scheme, shows the day's chain head per lottery, and verifies
 * any drawn issue in the browser with packages/rules (nothing is trusted from the server but the
 * published values themselves).
 */
export default function FairnessPage() {
  const [params, setParams] = useSearchParams();
  const lotteryCode = HOUSE_LOTTERIES.some((l) => l.code === params.get('lotteryCode'))
    ? params.get('lotteryCode')!
    : HOUSE_LOTTERIES[0]!.code;
  const chain = useFairnessChain(lotteryCode);
  const results = useRecentResults(lotteryCode);
  const [issue, setIssue] = useState(params.get('issue') ?? '');
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState<Checked | undefined>();
  const [error, setError] = useState<string | undefined>();

  const verify = async (target: string) => {
    const wanted = target.trim();
    if (!/^\d{4,14}$/.test(wanted)) {
      setError('期号错误');
      return;
    }
    setChecking(true);
    setError(undefined);
    setChecked(undefined);
    try {
      const data = await getFairnessIssue(lotteryCode, wanted);
      const dayChain = await getFairnessChain(lotteryCode, undefined, data.businessDate);
      setChecked({ data, chain: dayChain, verdict: verifyIssue(data, dayChain.head) });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="fairness-page">
      <section className="card fairness-intro">
        <h2>公平性说明</h2>
        <p>本平台自营彩种的开奖结果由“反向哈希链”产生，平台无法在开奖前控制或更改任何一期的号码：</p>
        <ol>
          <li>
            每个彩种每天生成一个随机密钥 s<sub>N</sub>，并依次计算 s<sub>k-1</sub> = SHA-256(s<sub>k</sub>
            )，得到链首 s<sub>0</sub>。
          </li>
          <li>
            链首 s<sub>0</sub> 在当天第一期开售之前公布（见下方“今日链首”）。
          </li>
          <li>
            第 k 期的号码由 HMAC-SHA256(s<sub>k</sub>, 彩种代码:期号) 通过拒绝采样得到；开奖时同时公布 s
            <sub>k</sub>。
          </li>
          <li>
            任何人都可以检查 SHA-256(s<sub>k</sub>) = s<sub>k-1</sub>
            ，一直回溯到已公布的链首，并重新计算出号码。
          </li>
        </ol>
        <p>下方的验证完全在您的浏览器中进行，使用与服务器相同的开源算法。</p>
      </section>

      <section className="card">
        <label className="fairness-field">
          <span>彩种</span>
          <select
            value={lotteryCode}
            aria-label="彩种"
            onChange={(e) => {
              setParams({ lotteryCode: e.target.value }, { replace: true });
              setChecked(undefined);
              setError(undefined);
            }}
          >
            {HOUSE_LOTTERIES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        <div className="fairness-chain" data-testid="chain-head">
          <div className="fairness-label">今日链首 s0</div>
          {chain.isPending ? (
            <div className="fairness-muted">加载中...</div>
          ) : chain.error ? (
            <div className="fairness-muted">{chain.error.message}</div>
          ) : (
            <>
              <code className="hex">{chain.data.head}</code>
              <div className="fairness-muted">
                营业日 {chain.data.businessDate} · 共 {chain.data.length} 期 · 公布于{' '}
                {beijingFormat(chain.data.publishedAt, 'YYYY-MM-DD HH:mm:ss')}
                {chain.data.publishedBeforeFirstIssue ? '（首期开售前已公布）' : '（首期开售后公布）'}
              </div>
            </>
          )}
        </div>
      </section>

      <section className="card" data-testid="issue-verify">
        <div className="fairness-verify">
          <Input
            className="fairness-issue-input"
            placeholder="输入期号"
            aria-label="期号"
            value={issue}
            onChange={(v) => setIssue(v.replace(/\D/g, ''))}
          />
          <Button
            color="primary"
            size="small"
            loading={checking}
            disabled={checking}
            onClick={() => void verify(issue)}
          >
            验证
          </Button>
        </div>
        <div className="fairness-recent">
          {(results.data ?? []).map((r) => (
            <button
              type="button"
              key={r.issue}
              className="fairness-recent-item"
              onClick={() => {
                setIssue(r.issue);
                void verify(r.issue);
              }}
            >
              <span>{issueLabel(r.issue)}期</span>
              <span className="fairness-numbers">{r.openNumber}</span>
            </button>
          ))}
        </div>
        {error ? <div className="fairness-fail">{error}</div> : null}
        {checked ? <VerifyResult checked={checked} /> : null}
      </section>

      <InstantRoundsSection initialOrderId={params.get('orderId') ?? ''} />
      <GameRoundsSection
        initialGameCode={params.get('gameCode') ?? ''}
        initialRoundId={params.get('roundId') ?? ''}
      />
    </div>
  );
}

function VerifyResult({ checked }: { checked: Checked }) {
  const { data, verdict, chain } = checked;
  return (
    <div className="fairness-result" data-testid="verify-result">
      <div className={verdict.ok ? 'fairness-pass' : 'fairness-fail'}>
        {verdict.ok
          ? '✓ 验证通过：号码由公布的密钥算出，且密钥可回溯到链首'
          : `✗ 验证失败：${verdict.reason}`}
      </div>
      <dl>
        <dt>期号</dt>
        <dd>
          {data.issue}（当日第 {data.k} 期）
        </dd>
        <dt>公布号码</dt>
        <dd>{data.numbers.join(',')}</dd>
        <dt>浏览器计算</dt>
        <dd data-testid="computed-numbers">{verdict.numbers?.join(',') ?? '—'}</dd>
        <dt>s{data.k}</dt>
        <dd>
          <code className="hex">{data.secret}</code>
        </dd>
        <dt>s{data.k - 1}</dt>
        <dd>
          <code className="hex">{data.previousSecret}</code>
        </dd>
        <dt>链首 s0</dt>
        <dd>
          <code className="hex">{chain.head}</code>
        </dd>
      </dl>
    </div>
  );
}
