import type { DepositRow } from '@lottery/contract/console/finance';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Empty, Flex, Image, Modal, Skeleton, Space, Typography } from 'antd';
import { errorText } from '../../shared/errors';
import { formatTime } from '../../shared/format';
import { yuanText } from '../../shared/money';
import { depositDetailQuery } from './finance-api';
import { channelLabel, depositStatusTag } from './labels';

/**
 * One deposit order and its payment proofs (the player's screenshots, served to staff only),
 * with 确认到账 / 拒绝 while it is pending and the staff member may decide.
 */
export function DepositDetailModal({
  orderNo,
  canDecide,
  onDecide,
  onClose,
}: {
  orderNo: string | null;
  canDecide: boolean;
  onDecide: (order: DepositRow, decision: 'confirm' | 'reject') => void;
  onClose: () => void;
}) {
  const detail = useQuery({ ...depositDetailQuery(orderNo ?? ''), enabled: orderNo !== null });
  const order = detail.data?.order;
  const decidable = canDecide && order?.status === 'pending';
  return (
    <Modal
      open={orderNo !== null}
      title={`充值订单 ${orderNo ?? ''}`}
      width={760}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>关闭</Button>
          {decidable && (
            <>
              <Button danger onClick={() => onDecide(order, 'reject')}>
                拒绝
              </Button>
              <Button type="primary" onClick={() => onDecide(order, 'confirm')}>
                确认到账
              </Button>
            </>
          )}
        </Space>
      }
    >
      {detail.isError ? (
        <Alert type="error" showIcon title="订单加载失败" description={errorText(detail.error)} />
      ) : !detail.data || !order ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            size="small"
            bordered
            column={2}
            className="console-gap"
            items={[
              { key: 'account', label: '玩家', children: order.account },
              { key: 'channel', label: '渠道', children: channelLabel(order.channel) },
              {
                key: 'amount',
                label: '金额',
                children: <Typography.Text strong>{yuanText(order.amount)}</Typography.Text>,
              },
              { key: 'bonus', label: '赠送', children: yuanText(order.bonus) },
              { key: 'status', label: '状态', children: depositStatusTag(order.status) },
              { key: 'depositor', label: '存款人', children: order.depositorName ?? '—' },
              { key: 'created', label: '提交时间', children: formatTime(order.createdAt) },
              { key: 'completed', label: '到账时间', children: formatTime(order.completedAt) },
              { key: 'remark', label: '备注', span: 2, children: order.remark ?? '—' },
            ]}
          />
          <Typography.Title level={5}>支付凭证（{detail.data.proofImages.length}）</Typography.Title>
          {detail.data.proofImages.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="玩家未上传凭证" />
          ) : (
            <Image.PreviewGroup>
              <Flex gap={12} wrap data-testid="proof-images">
                {detail.data.proofImages.map((url, i) => (
                  <Image
                    key={url}
                    src={url}
                    alt={`凭证 ${i + 1}`}
                    width={160}
                    height={200}
                    style={{
                      objectFit: 'contain',
                      background: '#fafafa',
                      border: '1px solid #f0f0f0',
                      borderRadius: 6,
                    }}
                  />
                ))}
              </Flex>
            </Image.PreviewGroup>
          )}
        </>
      )}
    </Modal>
  );
}
