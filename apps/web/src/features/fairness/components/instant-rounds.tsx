import type { FastRoundData, FastSeedData } from '@lottery/contract/fast-bet';
import { Button, Input } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { isLoggedIn } from '../../../shared/stores/user';
import { getFastRound, getFastSeed, rotateFastSeed, setClientSeed } from '../api/fast-seed';
import { type InstantVerdict, verifyRound } from '../model/verify-instant';

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * /fairness, instant rounds (连续开奖): the player's committed server seed hash, his client seed
 * (editable), the next nonce; 更换种子 reveals the seed in use and commits a new one; any own round
 * (by 注单号) is verified in the browser from its revealed seed.
 */
export function InstantRoundsSection({ initialOrderId }: { initialOrderId: string }) {
  const loggedIn = isLoggedIn();
  const [seed, setSeed] = useState<FastSeedData | undefined>();
  const [clientSeed, setClientSeedText] = useState('');
  const [orderId, setOrderId] = useState(initialOrderId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [checked, setChecked] = useState<{ round: FastRoundData; verdict: InstantVerdict } | undefined>();

  useEffect(() => {
    if (!loggedIn) return;
    getFastSeed()
      .then((s) => {
        setSeed(s);
        setClientSeedText(s.clientSeed);
      })
      .catch((e: unknown) => setError(errorText(e)));
  }, [loggedIn]);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const verify = () =>
    act(async () => {
      setChecked(undefined);
      if (!/^\d{1,18}$/.test(orderId.trim())) throw new Error('请输入注单号');
      const round = await getFastRound(orderId.trim());
      setChecked({ round, verdict: verifyRound(round) });
    });

  if (!loggedIn) {
    return (
      <section className="card" data-testid="instant-rounds">
        <h2 className="fairness-h2">连续开奖验证</h2>
        <p className="fairness-muted">登录后可查看您的种子并验证您的每一轮连续开奖。</p>
      </section>
    );
  }

  return (
    <section className="card" data-testid="instant-rounds">
      <h2 className="fairness-h2">连续开奖验证</h2>
      <p className="fairness-muted">
        每一轮的号码 = HMAC-SHA256(服务器种子, 彩种代码:客户端种子:轮次)
        经拒绝采样得到。服务器种子在使用前只公布其 SHA-256
        哈希；更换种子时公开旧种子，您即可验证用它开出的每一轮。
      </p>
      {seed ? (
        <dl className="fairness-seed">
          <dt>服务器种子哈希（已承诺）</dt>
          <dd>
            <code className="hex" data-testid="seed-hash">
              {seed.serverSeedHash}
            </code>
          </dd>
          <dt>下一轮轮次 nonce</dt>
          <dd data-testid="next-nonce">{seed.nextNonce}</dd>
          <dt>客户端种子</dt>
          <dd className="fairness-verify">
            <Input
              className="fairness-issue-input"
              aria-label="客户端种子"
              value={clientSeed}
              maxLength={64}
              onChange={(v) => setClientSeedText(v.replace(/[^\w-]/g, ''))}
            />
            <Button
              size="small"
              disabled={busy || clientSeed === seed.clientSeed || clientSeed === ''}
              onClick={() => void act(async () => setSeed(await setClientSeed(clientSeed)))}
            >
              保存
            </Button>
          </dd>
          {seed.previous ? (
            <>
              <dt>上一个服务器种子（已公开，共 {seed.previous.rounds} 轮）</dt>
              <dd>
                <code className="hex" data-testid="revealed-seed">
                  {seed.previous.serverSeed}
                </code>
              </dd>
            </>
          ) : null}
        </dl>
      ) : (
        <div className="fairness-muted">加载中...</div>
      )}
      <Button
        size="small"
        color="warning"
        disabled={busy || !seed}
        onClick={() =>
          void act(async () => {
            const next = await rotateFastSeed();
            setSeed(next);
            setClientSeedText(next.clientSeed);
          })
        }
      >
        更换种子并公开当前种子
      </Button>
      <div className="fairness-verify fairness-verify--instant">
        <Input
          className="fairness-issue-input"
          placeholder="输入注单号"
          aria-label="注单号"
          value={orderId}
          onChange={(v) => setOrderId(v.replace(/\D/g, ''))}
        />
        <Button color="primary" size="small" loading={busy} disabled={busy} onClick={() => void verify()}>
          验证本轮
        </Button>
      </div>
      {error ? <div className="fairness-fail">{error}</div> : null}
      {checked ? <InstantResult {...checked} /> : null}
    </section>
  );
}

function InstantResult({ round, verdict }: { round: FastRoundData; verdict: InstantVerdict }) {
  return (
    <div className="fairness-result" data-testid="instant-verify-result">
      <div className={verdict.ok ? 'fairness-pass' : 'fairness-fail'}>
        {verdict.ok
          ? '✓ 验证通过：号码由公开的服务器种子算出，且种子与事先承诺的哈希一致'
          : `✗ ${verdict.reason}`}
      </div>
      <dl>
        <dt>期号</dt>
        <dd>{round.issue}</dd>
        <dt>公布号码</dt>
        <dd>{round.numbers.join(',')}</dd>
        <dt>浏览器计算</dt>
        <dd data-testid="instant-computed">{verdict.numbers?.join(',') ?? '—'}</dd>
        <dt>客户端种子 / 轮次</dt>
        <dd>
          {round.clientSeed} / {round.nonce}
        </dd>
        <dt>服务器种子哈希</dt>
        <dd>
          <code className="hex">{round.serverSeedHash}</code>
        </dd>
        <dt>服务器种子</dt>
        <dd>
          <code className="hex">{round.serverSeed ?? '尚未公开'}</code>
        </dd>
      </dl>
    </div>
  );
}
