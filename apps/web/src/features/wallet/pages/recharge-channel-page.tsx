import { DepositorName, fieldError } from '@lottery/contract/fields';
import { DEPOSIT_CHANNELS, type DepositChannel } from '@lottery/contract/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Result, Steps } from 'antd-mobile';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { displayMoney } from '../../../shared/format';
import { beijingFormat } from '../../../shared/lib/day';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoading } from '../../../shared/ui/page-loading';
import { toastInfo, toastSuccess } from '../../../shared/ui/toast';
import { useCreateDeposit } from '../api/create-deposit';
import { useDepositChannel } from '../api/deposit-channel';
import { useDepositOrder } from '../api/deposit-order';
import { walletKeys } from '../api/keys';
import { useRechargeDiscount } from '../api/recharge-discount';
import type { Channel, CreatedDeposit, Receiver } from '../api/types';
import { AmountInput } from '../components/amount-input';
import { ChannelIcon } from '../components/channel-icon';
import { amountError, isAmount, rechargeRange } from '../model/amount';
import { depositStatusText } from '../model/labels';
import '../wallet.css';

async function copy(text: string) {
  await navigator.clipboard?.writeText(text).catch(() => undefined);
  toastInfo('复制成功');
}

function ReceiverCard({ receiver }: { receiver: Receiver }) {
  // the contract's receiver may lack a field (null); such a row is left out
  const rows = (
    [
      ['收款银行', receiver.bankName],
      ['收款人', receiver.accountName],
      ['收款账号', receiver.cardNo],
      ['开户支行', receiver.branch],
    ] as [string, string | null][]
  ).filter((row): row is [string, string] => row[1] !== null);
  return (
    <div className="receiver card" data-testid="receiver">
      <h4>收款账户</h4>
      {rows.map(([label, value]) => (
        <div key={label} className="receiver-row">
          <span>{label}</span>
          <strong>{value}</strong>
          <button type="button" onClick={() => void copy(value)}>
            复制
          </button>
        </div>
      ))}
    </div>
  );
}

/** After the order: bank transfers show where to pay and wait for the operator; providers pay. */
function OrderStatus({ created, onAgain }: { created: CreatedDeposit; onAgain(): void }) {
  const navigate = useNavigate();
  const order = useDepositOrder(created.orderNo);
  const status = order.data?.status ?? created.status;
  const isBank = created.channel === 'banktransfer';
  const stepIndex = status === 'paid' ? 2 : 1;
  return (
    <div className="order-status">
      <Result
        status={status === 'paid' ? 'success' : status === 'pending' ? 'waiting' : 'error'}
        title={
          status === 'paid'
            ? '充值成功'
            : status === 'pending'
              ? '订单已创建'
              : depositStatusText(status, created.channel)
        }
        description={`订单号 ${created.orderNo}`}
      />
      <div className="card">
        <div className="order-line">
          <span>充值金额</span>
          <strong className="money-in">{displayMoney(created.amount)} 元</strong>
        </div>
        {created.bonus !== '0.00' ? (
          <div className="order-line">
            <span>充值优惠</span>
            <strong className="gold">{displayMoney(created.bonus)} 元</strong>
          </div>
        ) : null}
        <div className="order-line">
          <span>订单状态</span>
          <strong data-testid="order-status">{depositStatusText(status, created.channel)}</strong>
        </div>
        <div className="order-line">
          <span>创建时间</span>
          <span>{beijingFormat(created.createdAt, 'YYYY-MM-DD HH:mm:ss')}</span>
        </div>
        <Steps current={stepIndex} className="order-steps">
          <Steps.Step title="提交订单" />
          <Steps.Step title={isBank ? '转账并等待确认' : '完成支付'} />
          <Steps.Step title="到账" />
        </Steps>
      </div>
      {isBank && created.receiver && status === 'pending' ? (
        <>
          <ReceiverCard receiver={created.receiver} />
          <p className="wallet-hint">
            请使用“{created.depositorName}”名下的银行账户转账 {displayMoney(created.amount)}{' '}
            元，到账后客服确认即自动入账。
          </p>
        </>
      ) : null}
      <div className="form-actions">
        {!isBank && status === 'pending' && created.payUrl ? (
          <Button
            block
            color="primary"
            shape="rounded"
            onClick={() => window.location.assign(created.payUrl!)}
          >
            前往支付
          </Button>
        ) : null}
        <Button block shape="rounded" onClick={() => void navigate('/transctionRecord')}>
          查看交易记录
        </Button>
        <Button block fill="none" onClick={onAgain}>
          继续充值
        </Button>
      </div>
    </div>
  );
}

function RechargeForm({ channel }: { channel: Channel }) {
  const queryClient = useQueryClient();
  const create = useCreateDeposit();
  const [amount, setAmount] = useState('');
  const [depositorName, setDepositorName] = useState('');
  const [created, setCreated] = useState<CreatedDeposit>();
  const isBank = channel.provider === 'bank';
  const discount = useRechargeDiscount(amount, isAmount(amount));

  if (created) return <OrderStatus created={created} onAgain={() => setCreated(undefined)} />;

  const submit = async () => {
    if (create.isPending) return;
    const error =
      amountError(amount, channel, rechargeRange) ??
      (isBank ? fieldError(DepositorName, depositorName) : undefined);
    if (error) return toastInfo(error);
    try {
      const order = await create.mutateAsync({
        channel: channel.channel,
        amount,
        depositorName: isBank ? depositorName.trim() : undefined,
      });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      if (!isBank && order.payUrl) {
        toastSuccess('订单已创建');
        window.location.assign(order.payUrl);
        return;
      }
      setCreated(order);
    } catch {
      // the shell showed the server's message
    }
  };

  return (
    <div className="recharge-form">
      <div className="card channel-head">
        <ChannelIcon channel={channel.channel} size={44} />
        <div>
          <strong>{channel.name}</strong>
          <small>
            单笔限额 {displayMoney(channel.minAmount)} - {displayMoney(channel.maxAmount)} 元
          </small>
        </div>
      </div>
      <div className="card">
        <h4 className="card-title">充值金额</h4>
        <AmountInput
          value={amount}
          onChange={setAmount}
          placeholder={`请输入充值金额（${displayMoney(channel.minAmount)}-${displayMoney(channel.maxAmount)}）`}
          quickAmounts={channel.quickAmounts}
        />
        {discount.data?.bonus && discount.data.bonus !== '0.00' ? (
          <p className="wallet-hint gold">本次可获充值优惠 {displayMoney(discount.data.bonus)} 元</p>
        ) : null}
        {isBank ? (
          <div className="field-row">
            <span>存款人姓名</span>
            <Input
              placeholder="请输入转账银行卡的开户姓名"
              value={depositorName}
              onChange={setDepositorName}
              maxLength={50}
              clearable
            />
          </div>
        ) : null}
      </div>
      {channel.remark ? <p className="wallet-hint">{channel.remark}</p> : null}
      <div className="form-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={create.isPending}
          disabled={create.isPending}
          onClick={() => void submit()}
        >
          {isBank ? '提交订单' : '立即充值'}
        </Button>
      </div>
    </div>
  );
}

/** /recharge/{channel}: amount entry within the channel's limits, the order, then its status. */
export default function RechargeChannelPage() {
  const { pathname } = useLocation();
  const key = pathname.split('/').pop() as DepositChannel;
  const known = Object.hasOwn(DEPOSIT_CHANNELS, key);
  const channel = useDepositChannel(key);
  if (!known) return <EmptyState text="该充值渠道暂未开放" />;
  if (channel.isPending) return <PageLoading />;
  if (!channel.data) return <EmptyState text={channel.error?.message || '该充值渠道暂未开放'} />;
  return (
    <div className="wallet-page">
      <RechargeForm channel={channel.data} />
    </div>
  );
}
