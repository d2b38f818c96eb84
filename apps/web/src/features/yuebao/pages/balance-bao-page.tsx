import type { PledgeProduct } from '@lottery/contract/yuebao';
import { Button, Checkbox, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useUserStore } from '../../../shared/stores/user';
import { EmptyState } from '../../../shared/ui/empty-state';
import { NotReady } from '../../../shared/ui/list-states';
import { PageLoading } from '../../../shared/ui/page-loading';
import { toastSuccess } from '../../../shared/ui/toast';
import { useCreatePledge } from '../api/create-pledge';
import { usePledgeProducts } from '../api/get-pledge-products';
import { useYuebaoInfo } from '../api/get-yuebao-info';
import { useTransferYuebao } from '../api/transfer';
import { AmountSheet } from '../components/amount-sheet';
import { PledgeOrders } from '../components/pledge-orders';
import { YuebaoLogs } from '../components/yuebao-logs';
import '../components/yuebao.css';
import {
  minorOf,
  pledgeLimits,
  shortMoney,
  transferInLimits,
  transferOutLimits,
  typeable,
} from '../model/amount';

/** A fresh key per opened sheet (getRandomValues works outside secure contexts too). */
const newRequestId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');

type Sheet =
  | { kind: 'in' | 'out'; requestId: string }
  | { kind: 'pledge'; product: PledgeProduct; requestId: string };

/**
 * /balanceBao (余额宝): the balance with yesterday's and total interest and the rate, 转入 / 转出
 * sheets with the safety-password keypad, pledge products, my pledges (auto-renew, cancel with
 * confirm) and the logs with the period dropdown. Rules: docs/yuebao.md. The route guard sends the
 * player home while yuebaoEnable is off; a -110004 reply does the same (shared response rules).
 */
export default function BalanceBaoPage() {
  const user = useUserStore((s) => s.user);
  const userId = user?.userId ?? 0;
  const info = useYuebaoInfo(userId);
  // One call first: while yuebao is switched off every call answers -110004 (操作失败, then home),
  // so the rest waits for the first answer and the player sees that dialog once, not once a call.
  const products = usePledgeProducts(userId, info.isSuccess);
  const transfer = useTransferYuebao();
  const pledge = useCreatePledge();
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [autoRenew, setAutoRenew] = useState(false);
  const [tab, setTab] = useState('products');

  if (!user) return <PageLoading />;
  // -110004 has already said 操作失败 and sent the player home (shared response rules)
  if (!info.isSuccess) return <NotReady query={info} />;
  const data = info.data;
  const open = (next: Sheet) => {
    setAutoRenew(false);
    setSheet(next);
  };

  return (
    <div className="yuebao-page">
      <section className="yuebao-hero">
        <p className="yuebao-label">余额宝余额(元)</p>
        <p className="yuebao-balance" data-testid="yuebao-balance">
          {typeable(data.yuebaoBalance)}
        </p>
        <div className="yuebao-stats">
          <div>
            <b data-testid="yuebao-yesterday">{data.yesterdayInterest}</b>
            <small>昨日收益(元)</small>
          </div>
          <div>
            <b data-testid="yuebao-total">{data.totalInterest}</b>
            <small>累计收益(元)</small>
          </div>
          <div>
            <b>{data.activityRate ?? data.annualRate}%</b>
            <small>{data.activityRate ? '活动年化' : '年化利率'}</small>
          </div>
        </div>
        <p className="yuebao-per10k">
          万份收益 {data.per10kDaily}元 · 质押中 {shortMoney(data.pledgeAmount)}元
        </p>
        <div className="yuebao-actions">
          <Button
            fill="outline"
            className="yuebao-out"
            onClick={() => open({ kind: 'out', requestId: newRequestId() })}
          >
            转出
          </Button>
          <Button className="yuebao-in" onClick={() => open({ kind: 'in', requestId: newRequestId() })}>
            转入
          </Button>
        </div>
      </section>

      <Tabs activeKey={tab} onChange={setTab} className="yuebao-tabs">
        <Tabs.Tab title="质押产品" key="products">
          {!products.isSuccess ? (
            <NotReady query={products} />
          ) : products.data.length === 0 ? (
            <EmptyState text="暂无质押产品" />
          ) : (
            <ul className="yuebao-products">
              {products.data.map((p) => (
                <li key={p.id} className="yuebao-product" data-testid="pledge-product">
                  <div className="yuebao-product-main">
                    <strong>{p.name}</strong>
                    <p className="yuebao-rate">
                      {p.annualRate}%<small>年化利率</small>
                    </p>
                    <small>
                      期限{p.termDays}天 · {shortMoney(p.minAmount)}-{shortMoney(p.maxAmount)}元
                    </small>
                    <small>
                      可持有{p.maxOrders}单，已持有{p.myOrders}单 · 提前取消扣{p.penaltyRate}%
                    </small>
                  </div>
                  <Button
                    size="small"
                    color="primary"
                    className="yuebao-pledge-button"
                    disabled={p.myOrders >= p.maxOrders}
                    onClick={() => open({ kind: 'pledge', product: p, requestId: newRequestId() })}
                  >
                    {p.myOrders >= p.maxOrders ? '已达上限' : '立即质押'}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Tabs.Tab>
        <Tabs.Tab title="我的质押" key="orders">
          <PledgeOrders userId={userId} />
        </Tabs.Tab>
        <Tabs.Tab title="收支明细" key="logs">
          <YuebaoLogs userId={userId} />
        </Tabs.Tab>
      </Tabs>

      <AmountSheet
        visible={sheet?.kind === 'in'}
        title="转入余额宝"
        testId="yuebao-in-sheet"
        hint={
          <>
            可用余额 {typeable(data.balance)}元，单笔 {shortMoney(data.minTransferIn)}-
            {shortMoney(data.maxTransferIn)}元
            <br />
            今日转入的金额从明日起计息，后日0点发放首日收益
          </>
        }
        minMinor={minorOf(data.minTransferIn)}
        limits={transferInLimits(data)}
        submitText="确认转入"
        amountLabel="转入金额"
        onClose={() => setSheet(null)}
        send={async (amount, password) => {
          await transfer.mutateAsync({
            direction: 'in',
            amount,
            password,
            userName: user.userName,
            requestId: sheet!.requestId,
          });
          setSheet(null);
          toastSuccess('转入成功');
        }}
      />
      <AmountSheet
        visible={sheet?.kind === 'out'}
        title="转出到余额"
        testId="yuebao-out-sheet"
        hint={
          <>
            可转出 {typeable(data.yuebaoBalance)}元，实时到账至账户余额
            <br />
            当日转出的金额不计当日收益
          </>
        }
        limits={transferOutLimits(data)}
        submitText="确认转出"
        amountLabel="转出金额"
        onClose={() => setSheet(null)}
        send={async (amount, password) => {
          await transfer.mutateAsync({
            direction: 'out',
            amount,
            password,
            userName: user.userName,
            requestId: sheet!.requestId,
          });
          setSheet(null);
          toastSuccess('转出成功');
        }}
      />
      {sheet?.kind === 'pledge' ? (
        <AmountSheet
          visible
          title={sheet.product.name}
          testId="pledge-sheet"
          hint={
            <>
              年化{sheet.product.annualRate}% · 期限{sheet.product.termDays}天 · 可用余额
              {typeable(data.balance)}元
              <br />
              单笔{shortMoney(sheet.product.minAmount)}-{shortMoney(sheet.product.maxAmount)}
              元，提前取消扣除本金
              {sheet.product.penaltyRate}%
            </>
          }
          minMinor={minorOf(sheet.product.minAmount)}
          limits={pledgeLimits(data.balance, sheet.product)}
          submitText="确认质押"
          amountLabel="质押金额"
          extra={
            <Checkbox checked={autoRenew} onChange={setAutoRenew} className="yuebao-autorenew">
              到期自动续期
            </Checkbox>
          }
          onClose={() => setSheet(null)}
          send={async (amount, password) => {
            await pledge.mutateAsync({
              productId: sheet.product.id,
              amount,
              autoRenew,
              password,
              userName: user.userName,
              requestId: sheet.requestId,
            });
            setSheet(null);
            setTab('orders');
            toastSuccess('质押成功');
          }}
        />
      ) : null}
    </div>
  );
}
