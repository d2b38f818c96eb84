import { FinanceMessages } from '@lottery/contract/console/finance';
import { Alert, Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { errorText } from '../../shared/errors';

export interface ReasonAsk {
  title: string;
  okText: string;
  danger?: boolean;
  /** What the decision does, in a sentence, above the reason. */
  summary?: ReactNode;
}

/**
 * A decision of the desk (confirm, reject, approve …) asks for its reason, which goes into the
 * audit log with it. The server's refusal (the order was decided meanwhile, the same approver
 * twice) shows inside the dialog, in the server's words, so the operator sees why nothing happened.
 * Each question is a dialog of its own (keyed by its title): a fresh reason field, and no button
 * left half-way through its loading motion by the decision before.
 */
export function ReasonModal(props: {
  ask: ReasonAsk | null;
  pending: boolean;
  error: unknown;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  return <ReasonDialog key={props.ask?.title ?? ''} {...props} />;
}

function ReasonDialog({
  ask,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  ask: ReasonAsk | null;
  pending: boolean;
  error: unknown;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={ask !== null}
      title={ask?.title}
      okText={ask?.okText}
      okButtonProps={{ danger: ask?.danger ?? false }}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={pending}
      // above the order's own modal or drawer it is asked from
      zIndex={1100}
      forceRender
    >
      <Form
        name="finance-reason"
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ reason }) => onSubmit(reason.trim())}
        disabled={pending}
      >
        {ask?.summary && <div className="console-gap">{ask.summary}</div>}
        {error !== null && error !== undefined && (
          <div data-testid="decision-error">
            <Alert type="error" showIcon title={errorText(error)} className="console-gap" />
          </div>
        )}
        <Form.Item
          label="原因（记入审计日志）"
          name="reason"
          rules={[{ required: true, whitespace: true, max: 200, message: FinanceMessages.reason }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
