import { ConsoleFinanceApi, type DepositRow } from '@lottery/contract/console/finance';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Space, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { consoleCall } from '../../api/call';
import { can, useMe } from '../../app/session';
import { errorText } from '../../shared/errors';
import { formatTime } from '../../shared/format';
import { yuanText } from '../../shared/money';
import { AmountCell, orderNoColumn, timeTitle } from './columns';
import { DepositDetailModal } from './deposit-detail-modal';
import { DepositFilterForm } from './deposit-filter-form';
import {
  type DepositFilter,
  depositExportHref,
  depositListQuery,
  pendingDepositsQuery,
  refreshFinance,
} from './finance-api';
import { channelLabel, depositStatusTag } from './labels';
import { LoadMore } from './load-more';
import { ReasonModal } from './reason-modal';

type Decision = 'confirm' | 'reject';

const DECISIONS = {
  confirm: {
    endpoint: ConsoleFinanceApi.depositConfirm,
    label: '确认到账',
    done: '已确认到账',
    danger: false,
  },
  reject: { endpoint: ConsoleFinanceApi.depositReject, label: '拒绝', done: '已拒绝', danger: true },
} as const;

// Widths that fit a 1280-wide screen (200 of it the menu) without scrolling sideways; a time wraps
// at its space into date and time of day.
const baseColumns: NonNullable<TableProps<DepositRow>['columns']> = [
  orderNoColumn<DepositRow>(),
  { title: '玩家', dataIndex: 'account', width: 100, ellipsis: true },
  { title: '渠道', dataIndex: 'channel', width: 96, render: channelLabel },
  {
    title: '金额',
    dataIndex: 'amount',
    align: 'right',
    width: 110,
    render: (amount: string, row) => (
      <AmountCell amount={amount} extra={{ label: '赠送', amount: row.bonus }} />
    ),
  },
  {
    title: '存款人',
    dataIndex: 'depositorName',
    width: 80,
    ellipsis: true,
    render: (name: string | null) => name ?? '—',
  },
  { title: '状态', dataIndex: 'status', width: 80, render: depositStatusTag },
  { title: timeTitle('提交时间'), dataIndex: 'createdAt', width: 100, render: formatTime },
];

/**
 * 充值订单: the orders waiting for the desk first (bank transfers and digital-currency orders, oldest
 * first), each opened with its proof images and confirmed or rejected with a reason; below, every
 * order searchable by status, channel, player, order number and Beijing days, page by page, and
 * exported as CSV with the same filter (导出 CSV: every matching order, streamed by the server).
 */
export function DepositsTab() {
  const { data: me } = useMe();
  const mayDecide = can(me, 'deposit.confirm');
  const client = useQueryClient();
  const { message } = App.useApp();
  const pending = useQuery(pendingDepositsQuery);
  const [filter, setFilter] = useState<DepositFilter>({});
  const list = useInfiniteQuery(depositListQuery(filter));
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  const [opened, setOpened] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<{ order: DepositRow; decision: Decision } | null>(null);

  const decide = useMutation({
    mutationFn: ({ order, decision, reason }: { order: DepositRow; decision: Decision; reason: string }) =>
      consoleCall(DECISIONS[decision].endpoint, { orderNo: order.orderNo, reason }),
    onSuccess: (order, { decision }) => {
      void message.success(
        `${DECISIONS[decision].done}：${order.orderNo}（${order.account} ${yuanText(order.amount)}）`,
      );
      setDeciding(null);
      setOpened(null);
      void refreshFinance(client);
    },
    // decided elsewhere meanwhile: the lists show it as it is now
    onError: () => void refreshFinance(client),
  });
  const ask = (order: DepositRow, decision: Decision) => {
    decide.reset();
    setDeciding({ order, decision });
  };

  const pendingColumns: TableProps<DepositRow>['columns'] = [
    ...baseColumns.filter((c) => c.title !== '状态'),
    {
      title: '操作',
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button size="small" type="link" onClick={() => setOpened(row.orderNo)}>
            {row.channel === 'digitalcurrencypay' ? '查看凭证' : '详情'}
          </Button>
          {mayDecide && (
            <>
              <Button size="small" type="link" onClick={() => ask(row, 'confirm')}>
                确认到账
              </Button>
              <Button size="small" type="link" danger onClick={() => ask(row, 'reject')}>
                拒绝
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];
  const listColumns: TableProps<DepositRow>['columns'] = [
    ...baseColumns,
    { title: timeTitle('到账时间'), dataIndex: 'completedAt', width: 100, render: formatTime },
    { title: '备注', dataIndex: 'remark', ellipsis: true, render: (remark: string | null) => remark ?? '—' },
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

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title={`待确认订单（${pending.data?.items.length ?? 0}）`}
        extra={
          <Button onClick={() => void pending.refetch()} loading={pending.isFetching}>
            刷新
          </Button>
        }
      >
        {pending.isError ? (
          <Alert
            type="error"
            showIcon
            title="待确认订单加载失败"
            description={errorText(pending.error)}
            action={<Button onClick={() => void pending.refetch()}>重试</Button>}
          />
        ) : (
          <Table<DepositRow>
            rowKey="orderNo"
            columns={pendingColumns}
            dataSource={pending.data?.items}
            loading={pending.isPending}
            pagination={false}
            size="middle"
            scroll={{ x: 900 }}
            locale={{ emptyText: '暂无待确认的充值订单' }}
            data-testid="pending-deposits"
          />
        )}
      </Card>
      <Card
        title="订单查询"
        extra={
          // a filter the server refused (the list's error) would refuse the export too
          <Button href={depositExportHref(filter)} download disabled={list.isError}>
            导出 CSV
          </Button>
        }
      >
        <DepositFilterForm onApply={setFilter} />
        {list.isError ? (
          <Alert
            type="error"
            showIcon
            title="充值订单加载失败"
            description={errorText(list.error)}
            action={<Button onClick={() => void list.refetch()}>重试</Button>}
          />
        ) : (
          <>
            <Table<DepositRow>
              rowKey="orderNo"
              columns={listColumns}
              dataSource={rows}
              loading={list.isPending}
              pagination={false}
              size="middle"
              scroll={{ x: 960 }}
              locale={{ emptyText: '暂无充值订单' }}
              data-testid="deposit-list"
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
      <DepositDetailModal
        orderNo={opened}
        canDecide={mayDecide}
        onDecide={ask}
        onClose={() => setOpened(null)}
      />
      <ReasonModal
        ask={
          deciding && {
            title: `${DECISIONS[deciding.decision].label}：${deciding.order.orderNo}`,
            okText: DECISIONS[deciding.decision].label,
            danger: DECISIONS[deciding.decision].danger,
            summary: (
              <Typography.Text>
                {deciding.order.account} · {channelLabel(deciding.order.channel)} ·{' '}
                <Typography.Text strong>{yuanText(deciding.order.amount)}</Typography.Text>
                {deciding.decision === 'confirm'
                  ? '：确认款项已到账，玩家余额将增加（含赠送）。'
                  : '：拒绝该订单，不入账。'}
              </Typography.Text>
            ),
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
