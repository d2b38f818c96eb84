import type { Reconciliation } from '@lottery/contract/console/finance';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Form,
  Skeleton,
  Space,
  Table,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { z } from 'zod';
import { errorText } from '../../shared/errors';
import { formatTime } from '../../shared/format';
import { yuanText } from '../../shared/money';
import { DAY_FORMAT } from './day-fields';
import { reconciliationQuery } from './finance-api';
import { channelLabel, payoutKindLabel } from './labels';

type Day = z.output<typeof Reconciliation>;
type DepositTotal = Day['deposits'][number];
type WithdrawTotal = Day['withdrawals'][number];

/** Today in Beijing, as the date field and the server read a day. */
const beijingToday = () => formatTime(Date.now()).slice(0, 10);

/** The sum of yuan strings, in bigint minor units (never floats), as a yuan string again. */
const sumYuan = (amounts: readonly string[]) =>
  formatMoney(amounts.reduce((sum, a) => sum + parseMoney(a), 0n));

/**
 * A ledger sum (four decimals, `0.0000`) as every other amount (`¥0.00`); the last two digits are
 * kept when not zero, so a sub-fen drift still shows.
 */
const ledgerYuan = (amount: string) => yuanText(amount.replace(/(\.\d{2})00$/, '$1'));

function LedgerAudit({ ledger }: { ledger: Day['ledger'] }) {
  const problems = [
    ['不平衡的账变', ledger.unbalancedTxnIds],
    ['余额与明细不符的账户', ledger.driftedAccounts],
    ['余额为负的账户', ledger.negativeAccounts],
  ] as const;
  return (
    <>
      <div data-testid="ledger-audit">
        <Alert
          type={ledger.ok ? 'success' : 'error'}
          showIcon
          className="console-gap"
          title={ledger.ok ? '账本核对通过：全部账户与账变借贷平衡，余额等于明细之和' : '账本核对未通过'}
          description={
            ledger.ok
              ? undefined
              : problems
                  .filter(([, ids]) => ids.length > 0)
                  .map(([label, ids]) => `${label}：${ids.join('、')}`)
                  .join('；')
          }
        />
      </div>
      <Descriptions
        size="small"
        bordered
        column={4}
        className="console-gap"
        items={[
          { key: 'accounts', label: '账户数', children: ledger.accounts },
          { key: 'txns', label: '账变笔数', children: ledger.transactions },
          { key: 'balance', label: '余额合计', children: ledgerYuan(ledger.balanceSum) },
          { key: 'entries', label: '明细合计', children: ledgerYuan(ledger.entrySum) },
        ]}
      />
    </>
  );
}

/**
 * 对账: for one Beijing day, the ledger audit of the tenant (every account and entry sums to zero,
 * each balance equals its entries), the deposits confirmed per channel and the withdrawals decided
 * per payout kind. Totals add the server's yuan strings as bigint minor units.
 */
export function ReconciliationTab() {
  const [day, setDay] = useState(beijingToday);
  const [form] = Form.useForm<{ day: Dayjs | null }>();
  const report = useQuery(reconciliationQuery(day));
  const data = report.data;

  return (
    <Card title="每日对账">
      <Form
        name="reconciliation-day"
        form={form}
        layout="inline"
        className="console-filters"
        initialValues={{ day: dayjs(day) }}
        onFinish={(f) => f.day && setDay(f.day.format(DAY_FORMAT))}
      >
        <Form.Item label="日期（北京）" name="day">
          <DatePicker format={DAY_FORMAT} allowClear={false} aria-label="对账日期" />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button onClick={() => void report.refetch()} loading={report.isFetching}>
              刷新
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {report.isError ? (
        <Alert
          type="error"
          showIcon
          title="对账加载失败"
          description={errorText(report.error)}
          action={<Button onClick={() => void report.refetch()}>重试</Button>}
        />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <>
          <LedgerAudit ledger={data.ledger} />
          <Typography.Title level={5}>{data.day} 充值到账（按渠道）</Typography.Title>
          <Table<DepositTotal>
            rowKey="channel"
            size="small"
            pagination={false}
            className="console-gap"
            dataSource={data.deposits}
            locale={{ emptyText: '当日无充值到账' }}
            data-testid="reconciliation-deposits"
            columns={[
              { title: '渠道', dataIndex: 'channel', render: channelLabel },
              { title: '笔数', dataIndex: 'count', align: 'right' },
              { title: '金额', dataIndex: 'amount', align: 'right', render: yuanText },
              { title: '赠送', dataIndex: 'bonus', align: 'right', render: yuanText },
            ]}
            summary={(rows) =>
              rows.length > 1 && (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    {rows.reduce((n, r) => n + r.count, 0)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    {yuanText(sumYuan(rows.map((r) => r.amount)))}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    {yuanText(sumYuan(rows.map((r) => r.bonus)))}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )
            }
          />
          <Typography.Title level={5}>{data.day} 提现处理（按收款方式）</Typography.Title>
          <Table<WithdrawTotal>
            rowKey="payoutKind"
            size="small"
            pagination={false}
            dataSource={data.withdrawals}
            locale={{ emptyText: '当日无提现处理' }}
            data-testid="reconciliation-withdrawals"
            columns={[
              { title: '收款方式', dataIndex: 'payoutKind', render: payoutKindLabel },
              { title: '出款笔数', dataIndex: 'paidCount', align: 'right' },
              { title: '出款金额', dataIndex: 'paidAmount', align: 'right', render: yuanText },
              { title: '手续费', dataIndex: 'fee', align: 'right', render: yuanText },
              { title: '拒绝笔数', dataIndex: 'rejectedCount', align: 'right' },
              { title: '拒绝金额', dataIndex: 'rejectedAmount', align: 'right', render: yuanText },
            ]}
          />
        </>
      )}
    </Card>
  );
}
