import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Input, Table, Typography } from 'antd';
import { errorText } from '../../shared/errors';
import { formatTime } from '../../shared/format';
import { addPlayerNote, playerNotesQuery } from './players-api';

interface Note {
  noteId: number;
  body: string;
  staffAccount: string;
  createdAt: number;
}

const columns = [
  { title: '时间（北京）', dataIndex: 'createdAt', width: 170, render: formatTime },
  { title: '员工', dataIndex: 'staffAccount', width: 120 },
  {
    title: '备注',
    dataIndex: 'body',
    render: (body: string) => <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{body}</Typography.Text>,
  },
];

/**
 * 备注: staff notes on the player, newest first (append-only: a note is never edited or removed),
 * and a box to add one for a role with player.note.
 */
export function PlayerNotes({ userId, canWrite }: { userId: number; canWrite: boolean }) {
  const notes = useQuery(playerNotesQuery(userId));
  const client = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ body: string }>();
  const add = useMutation({
    mutationFn: (body: string) => addPlayerNote(userId, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: playerNotesQuery(userId).queryKey });
      form.resetFields();
      void message.success('备注已添加');
    },
  });

  return (
    <>
      {canWrite && (
        <Form
          name="player-note"
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={({ body }) => add.mutate(body.trim())}
          disabled={add.isPending}
          className="console-gap"
        >
          {add.isError && (
            <Alert type="error" showIcon title={errorText(add.error)} className="console-gap" />
          )}
          <Form.Item
            label="新备注（员工可见，添加后不能修改或删除）"
            name="body"
            rules={[{ required: true, whitespace: true, max: 1000, message: '请填写备注（最多1000字）' }]}
          >
            <Input.TextArea rows={3} maxLength={1000} showCount />
          </Form.Item>
          <Flex justify="end">
            <Button type="primary" htmlType="submit" loading={add.isPending}>
              添加备注
            </Button>
          </Flex>
        </Form>
      )}
      {notes.isError ? (
        <Alert
          type="error"
          showIcon
          title="备注加载失败"
          description={errorText(notes.error)}
          action={<Button onClick={() => void notes.refetch()}>重试</Button>}
        />
      ) : (
        <Table<Note>
          rowKey="noteId"
          columns={columns}
          dataSource={notes.data?.items}
          loading={notes.isPending}
          pagination={false}
          size="small"
          locale={{ emptyText: '暂无备注' }}
          data-testid="player-notes"
        />
      )}
    </>
  );
}
