import { type AuditFilter, type AuditRow, auditActionLabel } from '@lottery/contract/console/audit';
import { isStaffRole, ROLE_LABELS } from '@lottery/contract/console/roles';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/errors';
import { formatTime } from '../../shared/format';
import { auditExportHref, auditListQuery } from './audit-api';
import { AuditFilterForm } from './audit-filter-form';

const roleText = (role: string) => (isStaffRole(role) ? ROLE_LABELS[role] : role === 'cli' ? '命令行' : role);

/**
 * A staff actor's account above its `staff:<id>` (which stays in the text: the filter and the CSV
 * take it); a command's `cli:<user>`, or a staff id whose account is gone, shows the actor alone.
 */
function actorCell(actor: string, row: AuditRow) {
  if (!row.actorAccount) return <span className="console-mono">{actor}</span>;
  return (
    <Flex vertical>
      <span>{row.actorAccount}</span>
      <Typography.Text type="secondary" className="console-mono">
        {actor}
      </Typography.Text>
    </Flex>
  );
}

const json = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);

function RowDetail({ row }: { row: AuditRow }) {
  return (
    <Descriptions
      size="small"
      column={2}
      bordered
      items={[
        {
          key: 'action',
          label: '动作',
          span: 2,
          children: (
            <>
              {auditActionLabel(row.action)} <Typography.Text code>{row.action}</Typography.Text>
            </>
          ),
        },
        {
          key: 'actor',
          label: '操作者',
          span: 2,
          children: (
            <>
              {row.actorAccount ?? '—'} <Typography.Text code>{row.actor}</Typography.Text>
            </>
          ),
        },
        { key: 'before', label: '变更前', children: <pre className="console-json">{json(row.before)}</pre> },
        { key: 'after', label: '变更后', children: <pre className="console-json">{json(row.after)}</pre> },
        { key: 'ua', label: '浏览器', span: 2, children: row.userAgent || '—' },
        {
          key: 'hash',
          label: '链哈希',
          span: 2,
          children: <Typography.Text code>{row.hash}</Typography.Text>,
        },
      ]}
    />
  );
}

/**
 * An action in words above its code, which stays in the text (the filter and the CSV take codes);
 * an action this console has no words for shows its code alone.
 */
function actionCell(action: string) {
  const label = auditActionLabel(action);
  const code = (
    <Typography.Text type="secondary" className="console-mono">
      {action}
    </Typography.Text>
  );
  return label ? (
    <Flex vertical>
      <span>{label}</span>
      {code}
    </Flex>
  ) : (
    code
  );
}

const columns: TableProps<AuditRow>['columns'] = [
  { title: '编号', dataIndex: 'id', width: 72 },
  { title: '时间（北京）', dataIndex: 'at', width: 170, render: formatTime },
  { title: '操作者', dataIndex: 'actor', width: 110, render: actorCell },
  { title: '角色', dataIndex: 'role', width: 76, render: roleText },
  { title: '动作', dataIndex: 'action', width: 200, render: actionCell },
  { title: '对象', dataIndex: 'target', width: 110 },
  { title: '原因', dataIndex: 'reason', ellipsis: true, render: (reason: string) => reason || '—' },
  { title: 'IP', dataIndex: 'ip', width: 120 },
];

/**
 * 审计日志 (audit.read): the append-only log, newest first, filtered on the server and read one
 * keyset page at a time (加载更多); the same filter exports every matching row as CSV.
 */
export function AuditPage() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const list = useInfiniteQuery(auditListQuery(filter));
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Card
      title="审计日志"
      extra={
        <Button href={auditExportHref(filter)} download>
          导出 CSV
        </Button>
      }
    >
      <AuditFilterForm onApply={setFilter} />
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title="审计日志加载失败"
          description={errorText(list.error)}
          action={<Button onClick={() => void list.refetch()}>重试</Button>}
        />
      ) : (
        <>
          <Table<AuditRow>
            rowKey="id"
            columns={columns}
            dataSource={rows}
            loading={list.isPending}
            pagination={false}
            size="middle"
            locale={{ emptyText: '暂无审计记录' }}
            expandable={{ expandedRowRender: (row) => <RowDetail row={row} /> }}
            scroll={{ x: 900 }}
            data-testid="audit-table"
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
    </Card>
  );
}
