import type { PlayerRecordKind, PlayerRecordRows } from '@lottery/contract/console/players';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { errorText } from '../../shared/errors';
import { formatTime } from '../../shared/format';
import {
  BET_STATE,
  CHASE_STOP,
  CodeTag,
  DEPOSIT_STATUS,
  GameBetTag,
  Money,
  PLEDGE_STATE,
  typeName,
  WITHDRAW_STATUS,
} from './labels';
import { playerRecordsExportHref, playerRecordsQuery } from './players-api';

/** A player's seven record lists: what each shows, its empty text, and its columns. */
type Columns<K extends PlayerRecordKind> = NonNullable<TableProps<PlayerRecordRows[K]>['columns']>;

const timeColumn = { title: '时间（北京）', dataIndex: 'at', width: 170, render: formatTime } as const;
const mono = (text: string) => <span className="console-mono">{text}</span>;

const COLUMNS: { [K in PlayerRecordKind]: Columns<K> } = {
  ledger: [
    timeColumn,
    {
      title: '类型',
      dataIndex: 'typeCode',
      render: (code: number) => (
        <Space size={4}>
          {typeName(code)}
          <Typography.Text type="secondary">{code}</Typography.Text>
        </Space>
      ),
    },
    {
      title: '金额（元）',
      dataIndex: 'amount',
      align: 'right',
      render: (amount: string) => <Money value={amount} signed />,
    },
    {
      title: '余额（元）',
      dataIndex: 'balanceAfter',
      align: 'right',
      render: (value: string) => <Money value={value} />,
    },
    { title: '账变编号', dataIndex: 'txnId', width: 100, render: mono },
    { title: '流水号', dataIndex: 'id', width: 100, render: mono },
  ],
  deposits: [
    timeColumn,
    { title: '订单号', dataIndex: 'orderNo', render: mono },
    { title: '渠道', dataIndex: 'channel' },
    { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (v: string) => <Money value={v} /> },
    { title: '赠送（元）', dataIndex: 'bonus', align: 'right', render: (v: string) => <Money value={v} /> },
    {
      title: '状态',
      dataIndex: 'status',
      render: (status: string) => <CodeTag table={DEPOSIT_STATUS} code={status} />,
    },
    { title: '到账时间', dataIndex: 'completedAt', width: 170, render: formatTime },
  ],
  withdrawals: [
    timeColumn,
    { title: '订单号', dataIndex: 'orderNo', render: mono },
    { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (v: string) => <Money value={v} /> },
    { title: '手续费（元）', dataIndex: 'fee', align: 'right', render: (v: string) => <Money value={v} /> },
    {
      title: '状态',
      dataIndex: 'status',
      render: (status: string) => <CodeTag table={WITHDRAW_STATUS} code={status} />,
    },
    { title: '审核时间', dataIndex: 'reviewedAt', width: 170, render: formatTime },
  ],
  bets: [
    timeColumn,
    { title: '注单号', dataIndex: 'recordCode', render: mono },
    { title: '彩种', dataIndex: 'lotteryCode' },
    { title: '期号', dataIndex: 'issue' },
    {
      title: '玩法',
      dataIndex: 'playDetailCodes',
      render: (codes: string[] | undefined) => (codes?.length ? codes.join(' / ') : '—'),
    },
    { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (v: string) => <Money value={v} /> },
    { title: '奖金（元）', dataIndex: 'bonus', align: 'right', render: (v: string) => <Money value={v} /> },
    {
      title: '状态',
      dataIndex: 'state',
      render: (state: number) => <CodeTag table={BET_STATE} code={state} />,
    },
    {
      title: '追号',
      dataIndex: 'chaseId',
      render: (chaseId: string | null) => (chaseId ? <Tag>追号</Tag> : '—'),
    },
  ],
  chases: [
    timeColumn,
    { title: '追号单号', dataIndex: 'recordCode', render: mono },
    { title: '彩种', dataIndex: 'lotteryCode' },
    { title: '起始期号', dataIndex: 'startIssue' },
    { title: '期数', dataIndex: 'chaseCount', align: 'right' },
    {
      title: '总金额（元）',
      dataIndex: 'amount',
      align: 'right',
      render: (v: string) => <Money value={v} />,
    },
    {
      title: '状态',
      key: 'stop',
      render: (_, row) =>
        row.stopReason ? (
          <Space vertical size={0}>
            <Tag>{CHASE_STOP[row.stopReason] ?? row.stopReason}</Tag>
            <Typography.Text type="secondary">{formatTime(row.stoppedAt)}</Typography.Text>
          </Space>
        ) : (
          <Tag color="gold">进行中</Tag>
        ),
    },
  ],
  pledges: [
    timeColumn,
    { title: '订单号', dataIndex: 'orderNo', render: mono },
    { title: '产品', dataIndex: 'productName' },
    { title: '本金（元）', dataIndex: 'amount', align: 'right', render: (v: string) => <Money value={v} /> },
    { title: '年化', dataIndex: 'annualRate', align: 'right', render: (rate: string) => `${rate}%` },
    {
      title: '期限',
      key: 'term',
      render: (_, row) => (
        <Space vertical size={0}>
          {row.termDays} 天{row.autoRenew ? <Tag>自动续期</Tag> : null}
          <Typography.Text type="secondary">
            {formatTime(row.startedAt)} 至 {formatTime(row.maturesAt)}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '收益（元）', dataIndex: 'profit', align: 'right', render: (v: string) => <Money value={v} /> },
    {
      title: '违约金（元）',
      dataIndex: 'penalty',
      align: 'right',
      render: (v: string | null) => (v === null ? '—' : <Money value={v} />),
    },
    {
      title: '状态',
      key: 'state',
      render: (_, row) => (
        <Space vertical size={0}>
          <CodeTag table={PLEDGE_STATE} code={row.state} />
          {row.settledAt !== null && (
            <Typography.Text type="secondary">{formatTime(row.settledAt)}</Typography.Text>
          )}
        </Space>
      ),
    },
  ],
  games: [
    timeColumn,
    { title: '游戏', dataIndex: 'gameName' },
    { title: '局号', dataIndex: 'roundId', render: mono },
    { title: '投注区域', dataIndex: 'areaName' },
    { title: '投注（元）', dataIndex: 'stake', align: 'right', render: (v: string) => <Money value={v} /> },
    { title: '扣款（元）', dataIndex: 'debit', align: 'right', render: (v: string) => <Money value={v} /> },
    {
      title: '派彩（元）',
      dataIndex: 'payout',
      align: 'right',
      render: (v: string | null) => (v === null ? '—' : <Money value={v} />),
    },
    {
      title: '状态',
      key: 'state',
      render: (_, row) => <GameBetTag state={row.state} outcome={row.outcome} />,
    },
    { title: '注单号', dataIndex: 'id', width: 120, render: mono },
  ],
};

export const RECORD_TABS: { kind: PlayerRecordKind; label: string; empty: string }[] = [
  { kind: 'ledger', label: '账变', empty: '暂无账变记录' },
  { kind: 'deposits', label: '充值', empty: '暂无充值记录' },
  { kind: 'withdrawals', label: '提现', empty: '暂无提现记录' },
  { kind: 'bets', label: '投注', empty: '暂无投注记录' },
  { kind: 'chases', label: '追号', empty: '暂无追号记录' },
  { kind: 'pledges', label: '余额宝定期', empty: '暂无余额宝定期记录' },
  { kind: 'games', label: '棋牌投注', empty: '暂无棋牌投注记录' },
];

/** One kind of a player's records, newest first, one keyset page at a time, and all of it as CSV. */
export function PlayerRecords<K extends PlayerRecordKind>({
  userId,
  kind,
  empty,
}: {
  userId: number;
  kind: K;
  empty: string;
}) {
  const list = useInfiniteQuery(playerRecordsQuery(userId, kind));
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <Flex justify="end" className="console-gap">
        <Button href={playerRecordsExportHref(userId, kind)} download>
          导出 CSV
        </Button>
      </Flex>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title="记录加载失败"
          description={errorText(list.error)}
          action={<Button onClick={() => void list.refetch()}>重试</Button>}
        />
      ) : (
        <>
          <Table<PlayerRecordRows[K]>
            rowKey="id"
            columns={COLUMNS[kind] as Columns<K>}
            dataSource={rows}
            loading={list.isPending}
            pagination={false}
            size="small"
            locale={{ emptyText: empty }}
            data-testid={`records-${kind}`}
          />
          <Flex justify="center" className="console-gap-top">
            {list.hasNextPage ? (
              <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                加载更多
              </Button>
            ) : (
              rows.length > 0 && (
                <Typography.Text type="secondary">已显示全部记录（共 {rows.length} 条）</Typography.Text>
              )
            )}
          </Flex>
        </>
      )}
    </>
  );
}
