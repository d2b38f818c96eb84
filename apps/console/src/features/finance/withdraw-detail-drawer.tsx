import type { DepositRow, WithdrawRow } from '@lottery/contract/console/finance';
import type { PlayerRecordRows } from '@lottery/contract/console/players';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { errorText } from '../../shared/errors';
import { formatTime } from '../../shared/format';
import { yuanText } from '../../shared/money';
import { withdrawDetailQuery } from './finance-api';
import { channelLabel, depositStatusTag, payoutKindLabel, withdrawStateTag } from './labels';

export type WithdrawDecision = 'approve' | 'reject';

type BetRow = PlayerRecordRows['bets'];

/** betting's BetState (0 open, 1 won, 2 lost, 3 cancelled), in the players desk's words. */
const BET_STATES: Record<number, { label: string; color?: string }> = {
  0: { label: '待开奖', color: 'gold' },
  1: { label: '已中奖', color: 'red' },
  2: { label: '未中奖' },
  3: { label: '已撤单' },
};
const betStateTag = (state: number) => {
  const known = BET_STATES[state];
  return <Tag color={known?.color}>{known?.label ?? String(state)}</Tag>;
};

/** Who approved first, and when: the four-eyes record the queue and the drawer show. */
export function firstApprovalText(row: WithdrawRow): string {
  const first = row.firstApproval;
  return first ? `${first.account}（${formatTime(first.at)}）` : '—';
}

/**
 * One withdrawal as the reviewer needs it: the order and where the money goes, the player's
 * turnover requirement (what is still to be wagered), their recent deposits and lottery bets and
 * the four-eyes threshold; 批准 / 拒绝 while it is pending and the staff member may decide.
 */
export function WithdrawDetailDrawer({
  orderNo,
  canDecide,
  selfStaffId,
  onDecide,
  onClose,
}: {
  orderNo: string | null;
  canDecide: boolean;
  selfStaffId: number | undefined;
  onDecide: (order: WithdrawRow, decision: WithdrawDecision) => void;
  onClose: () => void;
}) {
  const detail = useQuery({ ...withdrawDetailQuery(orderNo ?? ''), enabled: orderNo !== null });
  const data = detail.data;
  const order = data?.order;
  const decidable = canDecide && order?.status === 'pending';
  return (
    <Drawer
      open={orderNo !== null}
      title={`提现订单 ${orderNo ?? ''}`}
      size={720}
      onClose={onClose}
      destroyOnHidden
      extra={
        decidable && (
          <Space>
            <Button danger onClick={() => onDecide(order, 'reject')}>
              拒绝
            </Button>
            <Button type="primary" onClick={() => onDecide(order, 'approve')}>
              批准
            </Button>
          </Space>
        )
      }
    >
      {detail.isError ? (
        <Alert type="error" showIcon title="订单加载失败" description={errorText(detail.error)} />
      ) : !data || !order ? (
        <Skeleton active />
      ) : (
        <>
          {order.status === 'pending' && order.needsSecondApproval && (
            <div data-testid="four-eyes-note">
              <Alert
                type={order.firstApproval ? 'warning' : 'info'}
                showIcon
                className="console-gap"
                title={
                  order.firstApproval
                    ? order.firstApproval.staffId === selfStaffId
                      ? '您已初审批准，须由另一名员工复核后才会出款'
                      : `${order.firstApproval.account} 已初审批准，您的批准将完成出款`
                    : `金额达到 ${yuanText(data.secondApprovalFrom)}，须由两名员工先后批准`
                }
                description={order.firstApproval ? `初审原因：${order.firstApproval.reason}` : undefined}
              />
            </div>
          )}
          <Descriptions
            size="small"
            bordered
            column={2}
            className="console-gap"
            items={[
              { key: 'account', label: '玩家', children: order.account },
              { key: 'state', label: '状态', children: withdrawStateTag(order) },
              {
                key: 'amount',
                label: '金额',
                children: <Typography.Text strong>{yuanText(order.amount)}</Typography.Text>,
              },
              { key: 'fee', label: '手续费', children: yuanText(order.fee) },
              { key: 'kind', label: '收款方式', children: payoutKindLabel(order.payout.kind) },
              { key: 'bank', label: '银行', children: order.payout.bankName ?? '—' },
              {
                key: 'no',
                label: '收款账号',
                children: <span className="console-mono">{order.payout.accountNo}</span>,
              },
              { key: 'name', label: '收款人', children: order.payout.realName ?? '—' },
              { key: 'created', label: '申请时间', children: formatTime(order.createdAt) },
              { key: 'reviewed', label: '审核时间', children: formatTime(order.reviewedAt) },
              { key: 'first', label: '初审人', children: firstApprovalText(order) },
              { key: 'threshold', label: '复核门槛', children: `${yuanText(data.secondApprovalFrom)} 起` },
              { key: 'remark', label: '备注', span: 2, children: order.remark ?? '—' },
            ]}
          />
          <Typography.Title level={5}>打码量要求</Typography.Title>
          <div data-testid="turnover">
            <Descriptions
              size="small"
              bordered
              column={3}
              className="console-gap"
              items={[
                { key: 'required', label: '要求', children: yuanText(data.turnover.required) },
                { key: 'done', label: '已完成', children: yuanText(data.turnover.done) },
                {
                  key: 'remaining',
                  label: '尚需',
                  children: (
                    <Typography.Text
                      type={/[1-9]/.test(data.turnover.remaining) ? 'danger' : undefined}
                      strong
                    >
                      {yuanText(data.turnover.remaining)}
                    </Typography.Text>
                  ),
                },
              ]}
            />
          </div>
          <Typography.Title level={5}>近期充值</Typography.Title>
          <Table<DepositRow>
            rowKey="orderNo"
            size="small"
            pagination={false}
            dataSource={data.recentDeposits}
            locale={{ emptyText: '暂无充值记录' }}
            columns={[
              {
                title: '订单号',
                dataIndex: 'orderNo',
                render: (no: string) => <span className="console-mono">{no}</span>,
              },
              { title: '渠道', dataIndex: 'channel', render: channelLabel },
              { title: '金额', dataIndex: 'amount', align: 'right', render: yuanText },
              { title: '状态', dataIndex: 'status', render: depositStatusTag },
              { title: '时间（北京）', dataIndex: 'createdAt', render: formatTime },
            ]}
          />
          <Typography.Title level={5}>近期投注</Typography.Title>
          <div data-testid="recent-bets">
            <Table<BetRow>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={data.recentBets}
              locale={{ emptyText: '暂无投注记录' }}
              columns={[
                { title: '时间（北京）', dataIndex: 'at', render: formatTime },
                { title: '彩种', dataIndex: 'lotteryCode' },
                { title: '期号', dataIndex: 'issue' },
                { title: '金额', dataIndex: 'amount', align: 'right', render: yuanText },
                { title: '奖金', dataIndex: 'bonus', align: 'right', render: yuanText },
                { title: '状态', dataIndex: 'state', render: betStateTag },
              ]}
            />
          </div>
        </>
      )}
    </Drawer>
  );
}
