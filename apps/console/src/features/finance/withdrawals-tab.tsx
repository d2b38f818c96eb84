import { ConsoleFinanceApi, type WithdrawRow } from '@lottery/contract/console/finance';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Space, Table, type TableProps, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { consoleCall } from '../../api/call';
import { can, useMe } from '../../app/session';
import { errorText } from '../../shared/errors';
import { formatTime } from '../../shared/format';
import { yuanText } from '../../shared/money';
import { AmountCell, orderNoColumn, timeTitle, WhoWhenCell } from './columns';
import {
  refreshFinance,
  type WithdrawFilter,
  withdrawExportHref,
  withdrawListQuery,
  withdrawQueueQuery,
} from './finance-api';
import { payoutKindLabel, withdrawStateTag } from './labels';
import { LoadMore } from './load-more';
import { ReasonModal } from './reason-modal';
import { type WithdrawDecision, WithdrawDetailDrawer } from './withdraw-detail-drawer';
import { WithdrawFilterForm } from './withdraw-filter-form';

const payoutText = (row: WithdrawRow) =>
  [payoutKindLabel(row.payout.kind), row.payout.bankName, row.payout.accountNo, row.payout.realName]
    .filter(Boolean)
    .join(' · ');

/** The payout on two lines: the kind and bank, then the account and the name. */
const payoutCell = (row: WithdrawRow) => {
  const where = [payoutKindLabel(row.payout.kind), row.payout.bankName].filter(Boolean).join(' · ');
  const whose = [row.payout.accountNo, row.payout.realName].filter(Boolean).join(' · ');
  return (
    <Typography.Text ellipsis={{ tooltip: payoutText(row) }} style={{ display: 'block' }}>
      {where}
      <br />
      <Typography.Text type="secondary">{whose}</Typography.Text>
    </Typography.Text>
  );
};

const firstApprovalCell = (row: WithdrawRow) =>
  row.firstApproval ? (
    <WhoWhenCell who={row.firstApproval.account} when={formatTime(row.firstApproval.at)} />
  ) : (
    '—'
  );

// Widths that fit a 1280-wide screen (200 of it the menu) without scrolling sideways; a time wraps
// at its space into date and time of day.
const baseColumns: NonNullable<TableProps<WithdrawRow>['columns']> = [
  orderNoColumn<WithdrawRow>(),
  { title: '玩家', dataIndex: 'account', width: 100, ellipsis: true },
  {
    title: '金额',
    dataIndex: 'amount',
    align: 'right',
    width: 110,
    render: (amount: string, row) => (
      <AmountCell amount={amount} extra={{ label: '手续费', amount: row.fee }} />
    ),
  },
  { title: '收款', key: 'payout', render: (_, row) => payoutCell(row) },
  { title: '状态', key: 'state', width: 106, render: (_, row) => withdrawStateTag(row) },
  { title: '初审人', key: 'first', width: 134, render: (_, row) => firstApprovalCell(row) },
  { title: timeTitle('申请时间'), dataIndex: 'createdAt', width: 100, render: formatTime },
];

/**
 * 提现审核: the pending withdrawals, oldest first, each opened in a drawer with the player's
 * turnover requirement and recent deposits, and approved or rejected with a reason. A withdrawal
 * at or above the four-eyes threshold shows 需复核, after its first approval 待第二人复核 with the
 * first approver; the server pays it only on a second staff member's approval and refuses the same
 * person twice, which the dialog shows in the server's words. Below, every withdrawal searchable,
 * and exported as CSV with the same filter (导出 CSV).
 */
export function WithdrawalsTab() {
  const { data: me } = useMe();
  const mayDecide = can(me, 'withdraw.approve');
  const client = useQueryClient();
  const { message } = App.useApp();
  const queue = useQuery(withdrawQueueQuery);
  const [filter, setFilter] = useState<WithdrawFilter>({});
  const list = useInfiniteQuery(withdrawListQuery(filter));
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  const [opened, setOpened] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<{ order: WithdrawRow; decision: WithdrawDecision } | null>(null);

  const decide = useMutation({
    mutationFn: async ({
      order,
      decision,
      reason,
    }: {
      order: WithdrawRow;
      decision: WithdrawDecision;
      reason: string;
    }) => {
      const input = { orderNo: order.orderNo, reason };
      if (decision === 'reject') {
        const rejected = await consoleCall(ConsoleFinanceApi.withdrawReject, input);
        return { text: `已拒绝，款项退回玩家：${rejected.orderNo}` };
      }
      const approved = await consoleCall(ConsoleFinanceApi.withdrawApprove, input);
      return {
        text:
          approved.state === 'paid'
            ? `已批准出款：${approved.order.orderNo}`
            : `已初审批准，待第二人复核：${approved.order.orderNo}`,
      };
    },
    onSuccess: ({ text }) => {
      void message.success(text);
      setDeciding(null);
      void refreshFinance(client);
    },
    onError: () => void refreshFinance(client),
  });
  const ask = (order: WithdrawRow, decision: WithdrawDecision) => {
    decide.reset();
    setDeciding({ order, decision });
  };
  const approvedBySelf = (row: WithdrawRow) =>
    row.firstApproval !== null && row.firstApproval.staffId === me?.staffId;

  const queueColumns: TableProps<WithdrawRow>['columns'] = [
    ...baseColumns,
    {
      title: '操作',
      key: 'actions',
      width: 144,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button size="small" type="link" onClick={() => setOpened(row.orderNo)}>
            详情
          </Button>
          {mayDecide && (
            <>
              <Tooltip title={approvedBySelf(row) ? '您已初审批准，须由另一名员工复核' : undefined}>
                <Button size="small" type="link" onClick={() => ask(row, 'approve')}>
                  批准
                </Button>
              </Tooltip>
              <Button size="small" type="link" danger onClick={() => ask(row, 'reject')}>
                拒绝
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];
  const listColumns: TableProps<WithdrawRow>['columns'] = [
    ...baseColumns,
    { title: timeTitle('审核时间'), dataIndex: 'reviewedAt', width: 100, render: formatTime },
    {
      title: '操作',
      key: 'actions',
      width: 64,
      fixed: 'right',
      render: (_, row) => (
        <Button size="small" type="link" onClick={() => setOpened(row.orderNo)}>
          详情
        </Button>
      ),
    },
  ];

  const summary = (order: WithdrawRow, decision: WithdrawDecision) => {
    const who = (
      <>
        {order.account} · <Typography.Text strong>{yuanText(order.amount)}</Typography.Text> ·{' '}
        {payoutText(order)}
      </>
    );
    if (decision === 'reject') return <Typography.Text>{who}：拒绝后款项退回玩家余额。</Typography.Text>;
    if (approvedBySelf(order))
      return (
        <Alert
          type="warning"
          showIcon
          title="您已初审批准过这笔提现"
          description="大额提现须由另一名员工复核，同一人再次批准将被拒绝。"
        />
      );
    if (order.firstApproval)
      return (
        <Typography.Text>
          {who}：{order.firstApproval.account} 已初审批准，您的复核批准将完成出款。
        </Typography.Text>
      );
    if (order.needsSecondApproval)
      return <Typography.Text>{who}：大额提现，您的批准为初审，须另一名员工复核后出款。</Typography.Text>;
    return <Typography.Text>{who}：批准后即出款。</Typography.Text>;
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title={`待审核提现（${queue.data?.items.length ?? 0}）`}
        extra={
          <Button onClick={() => void queue.refetch()} loading={queue.isFetching}>
            刷新
          </Button>
        }
      >
        {queue.isError ? (
          <Alert
            type="error"
            showIcon
            title="提现队列加载失败"
            description={errorText(queue.error)}
            action={<Button onClick={() => void queue.refetch()}>重试</Button>}
          />
        ) : (
          <Table<WithdrawRow>
            rowKey="orderNo"
            columns={queueColumns}
            dataSource={queue.data?.items}
            loading={queue.isPending}
            pagination={false}
            size="middle"
            scroll={{ x: 960 }}
            locale={{ emptyText: '暂无待审核的提现' }}
            data-testid="withdraw-queue"
          />
        )}
      </Card>
      <Card
        title="提现查询"
        extra={
          // a filter the server refused (the list's error) would refuse the export too
          <Button href={withdrawExportHref(filter)} download disabled={list.isError}>
            导出 CSV
          </Button>
        }
      >
        <WithdrawFilterForm onApply={setFilter} />
        {list.isError ? (
          <Alert
            type="error"
            showIcon
            title="提现订单加载失败"
            description={errorText(list.error)}
            action={<Button onClick={() => void list.refetch()}>重试</Button>}
          />
        ) : (
          <>
            <Table<WithdrawRow>
              rowKey="orderNo"
              columns={listColumns}
              dataSource={rows}
              loading={list.isPending}
              pagination={false}
              size="middle"
              scroll={{ x: 960 }}
              locale={{ emptyText: '暂无提现订单' }}
              data-testid="withdraw-list"
            />
            <LoadMore
              shown={rows.length}
              hasMore={list.hasNextPage}
              loading={list.isFetchingNextPage}
              onMore={() => void list.fetchNextPage()}
            />
          </>
        )}
      </Card>
      <WithdrawDetailDrawer
        orderNo={opened}
        canDecide={mayDecide}
        selfStaffId={me?.staffId}
        onDecide={ask}
        onClose={() => setOpened(null)}
      />
      <ReasonModal
        ask={
          deciding && {
            title: `${deciding.decision === 'approve' ? '批准' : '拒绝'}提现：${deciding.order.orderNo}`,
            okText: deciding.decision === 'approve' ? '批准' : '拒绝',
            danger: deciding.decision === 'reject',
            summary: summary(deciding.order, deciding.decision),
          }
        }
        pending={decide.isPending}
        error={decide.error}
        onSubmit={(reason) => deciding && decide.mutate({ ...deciding, reason })}
        onClose={() => setDeciding(null)}
      />
    </Space>
  );
}
