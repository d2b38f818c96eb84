import type { PlayerDetail } from '@lottery/contract/console/players';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/errors';
import { PLAYER_ACTIONS, type PlayerAction, playersKey, runPlayerAction } from './players-api';

/** What each change does, said before the reason is asked for. */
const EXPLAIN: Record<PlayerAction, string> = {
  disable: '停用后玩家不能登录，其全部会话立即结束，直到恢复正常。',
  freeze: '冻结后玩家不能登录，其全部会话立即结束，直到恢复正常。',
  activate: '恢复为正常状态，玩家可以重新登录。',
  unlock: '清除因密码错误次数过多造成的登录锁定。',
  endSessions: '结束玩家的全部会话，其下次操作须重新登录；账号状态不变。',
};

/** The changes that make sense for the account as it is now. */
export function actionsFor(detail: PlayerDetail, now: number): PlayerAction[] {
  const { status, lockedUntil, failedLogins } = detail.profile;
  const actions: PlayerAction[] = [];
  if (status !== 'disabled') actions.push('disable');
  if (status !== 'frozen') actions.push('freeze');
  if (status !== 'active') actions.push('activate');
  if ((lockedUntil !== null && lockedUntil > now) || failedLogins > 0) actions.push('unlock');
  if (status === 'active') actions.push('endSessions');
  return actions;
}

/**
 * The player.status buttons of a player's page; each asks for a reason (written to the audit log),
 * then refreshes everything the desk shows of the player. Shown only to a role that holds
 * player.status; the server refuses the call for any other whatever the page shows.
 */
export function PlayerActions({ detail }: { detail: PlayerDetail }) {
  const { userId, userName } = detail.profile;
  const client = useQueryClient();
  const { message } = App.useApp();
  const [pending, setPending] = useState<PlayerAction | null>(null);
  const [form] = Form.useForm<{ reason: string }>();

  const act = useMutation({
    mutationFn: ({ action, reason }: { action: PlayerAction; reason: string }) =>
      runPlayerAction(userId, action, reason),
    onSuccess: async ({ sessionsEnded }, { action }) => {
      await client.invalidateQueries({ queryKey: playersKey });
      const ended = sessionsEnded > 0 ? `，结束 ${sessionsEnded} 个会话` : '';
      void message.success(`已${PLAYER_ACTIONS[action].label}：${userName}${ended}`);
      setPending(null);
      form.resetFields();
    },
  });

  const close = () => {
    setPending(null);
    act.reset();
    form.resetFields();
  };

  return (
    <>
      <Space size={8} wrap data-testid="player-actions">
        {actionsFor(detail, Date.now()).map((action) => (
          <Button
            key={action}
            danger={PLAYER_ACTIONS[action].danger}
            onClick={() => {
              act.reset();
              setPending(action);
            }}
          >
            {PLAYER_ACTIONS[action].label}
          </Button>
        ))}
      </Space>
      <Modal
        open={pending !== null}
        title={pending ? `${PLAYER_ACTIONS[pending].label}：${userName}` : ''}
        okText="确定"
        okButtonProps={{ danger: pending ? PLAYER_ACTIONS[pending].danger : false }}
        onOk={() => form.submit()}
        onCancel={close}
        confirmLoading={act.isPending}
        forceRender
      >
        <Form
          name="player-action"
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={({ reason }) => pending && act.mutate({ action: pending, reason: reason.trim() })}
        >
          {pending && <Typography.Paragraph type="secondary">{EXPLAIN[pending]}</Typography.Paragraph>}
          {act.isError && (
            <Alert type="error" showIcon title={errorText(act.error)} className="console-gap" />
          )}
          <Form.Item
            label="原因（记入审计日志）"
            name="reason"
            rules={[{ required: true, whitespace: true, max: 200, message: '请填写原因（最多200字）' }]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
