import { Flex, type TableColumnType, Tooltip, Typography } from 'antd';
import { yuanText } from '../../shared/money';

/**
 * Cells that keep the desk's lists within a 1280-wide screen: a long order number cut with an
 * ellipsis (whole on hover, and whole in the page's text), a secondary amount under the main one.
 */

export function orderNoColumn<Row>(): TableColumnType<Row> {
  return {
    title: '订单号',
    dataIndex: 'orderNo',
    width: 140,
    ellipsis: { showTitle: false },
    render: (no: string) => (
      <Tooltip title={no} placement="topLeft">
        <span className="console-mono">{no}</span>
      </Tooltip>
    ),
  };
}

/** The amount in bold; below it, small, a second amount (赠送, 手续费) only when it is not zero. */
export function AmountCell({ amount, extra }: { amount: string; extra?: { label: string; amount: string } }) {
  return (
    <Flex vertical align="flex-end">
      <Typography.Text strong>{yuanText(amount)}</Typography.Text>
      {extra && !/^0(\.0+)?$/.test(extra.amount) && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {extra.label} {yuanText(extra.amount)}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** Who and when on two lines, the time small: a narrow column for the first approver. */
export function WhoWhenCell({ who, when }: { who: string; when: string }) {
  return (
    <Flex vertical>
      <span>{who}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {when}
      </Typography.Text>
    </Flex>
  );
}

/** A time column's title on two lines (`申请时间` over `（北京）`), for a column as narrow as its value. */
export const timeTitle = (what: string) => (
  <>
    {what}
    <br />
    （北京）
  </>
);
