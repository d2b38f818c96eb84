import { PLAYER_SEARCH_KEYS, type PlayerRow } from '@lottery/contract/console/players';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  Select,
  Space,
  Table,
  type TableProps,
  Typography,
} from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../shared/errors';
import { formatTime } from '../../shared/format';
import {
  ACCOUNT_ROLE_LABELS,
  gradeText,
  Money,
  SEARCH_KEY_HINTS,
  SEARCH_KEY_LABELS,
  StatusTag,
} from './labels';
import {
  playerDetailQuery,
  playerSearchExportHref,
  playerSearchQuery,
  type SearchFilter,
  type SearchKey,
} from './players-api';

const keyOptions = PLAYER_SEARCH_KEYS.map((key) => ({ value: key, label: SEARCH_KEY_LABELS[key] }));

const isSearchKey = (value: string | null): value is SearchKey =>
  (PLAYER_SEARCH_KEYS as readonly string[]).includes(value ?? '');

/** The search in the address (`?by=ip&q=…`): the back button from a player's page returns to it. */
function filterFrom(params: URLSearchParams): SearchFilter | undefined {
  const by = params.get('by');
  const q = params.get('q')?.trim();
  return isSearchKey(by) && q ? { by, q } : undefined;
}

/**
 * A row's balance. The search's rows (PlayerRow in the contract) carry no balance, so each row
 * reads it from the player's detail call: one small call per row shown, cached, and the same
 * answer the player's page then opens with. A balance in PlayerRow would save these calls.
 */
function RowBalance({ userId }: { userId: number }) {
  const detail = useQuery({ ...playerDetailQuery(userId), staleTime: 30_000 });
  if (detail.isError) return <Typography.Text type="secondary">—</Typography.Text>;
  if (detail.isPending) return <Typography.Text type="secondary">…</Typography.Text>;
  return <Money value={detail.data.balance} />;
}

const columns: TableProps<PlayerRow>['columns'] = [
  {
    title: '账号',
    dataIndex: 'userName',
    render: (userName: string, row) => (
      <Space vertical size={0}>
        <Link to={`/players/${row.userId}`}>{userName}</Link>
        {row.nickName && <Typography.Text type="secondary">{row.nickName}</Typography.Text>}
      </Space>
    ),
  },
  { title: 'ID', dataIndex: 'userId', width: 96 },
  {
    title: '类型',
    dataIndex: 'role',
    width: 72,
    render: (role: string) => ACCOUNT_ROLE_LABELS[role] ?? role,
  },
  {
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (status: PlayerRow['status']) => <StatusTag status={status} />,
  },
  { title: '等级', dataIndex: 'grade', width: 80, render: gradeText },
  {
    title: '余额（元）',
    key: 'balance',
    width: 120,
    align: 'right',
    render: (_, row) => <RowBalance userId={row.userId} />,
  },
  { title: '注册时间（北京）', dataIndex: 'createdAt', width: 170, render: formatTime },
  {
    title: '最近登录（北京）',
    key: 'lastLogin',
    width: 200,
    render: (_, row) => (
      <Space vertical size={0}>
        {formatTime(row.lastLoginAt)}
        {row.lastLoginIp && <Typography.Text type="secondary">{row.lastLoginIp}</Typography.Text>}
      </Space>
    ),
  },
  { title: '注册 IP', dataIndex: 'registerIp', width: 140, render: (ip: string | null) => ip ?? '—' },
];

function SearchResults({ filter }: { filter: SearchFilter }) {
  const navigate = useNavigate();
  const list = useInfiniteQuery(playerSearchQuery(filter));
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="查询失败"
        description={errorText(list.error)}
        action={<Button onClick={() => void list.refetch()}>重试</Button>}
      />
    );
  return (
    <>
      <Table<PlayerRow>
        rowKey="userId"
        columns={columns}
        dataSource={rows}
        loading={list.isPending}
        pagination={false}
        size="middle"
        locale={{ emptyText: '暂无符合条件的玩家' }}
        onRow={(row) => ({ onDoubleClick: () => void navigate(`/players/${row.userId}`) })}
        data-testid="player-results"
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
  );
}

/**
 * 玩家 (player.read): one box with a key (账号 / ID / 手机 / 邮箱 / IP), the matches one keyset page
 * at a time (加载更多), and the same search as CSV. A row's account opens the player's page.
 */
export function PlayersPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params);
  const [form] = Form.useForm<{ by: SearchKey; q: string }>();
  const by = Form.useWatch('by', form) ?? filter?.by ?? 'account';

  return (
    <Card
      title="玩家查询"
      extra={
        filter && (
          <Button href={playerSearchExportHref(filter)} download>
            导出 CSV
          </Button>
        )
      }
    >
      <Form
        name="player-search"
        form={form}
        layout="inline"
        className="console-filters"
        initialValues={{ by: filter?.by ?? 'account', q: filter?.q ?? '' }}
        onFinish={({ by: key, q }) => setParams({ by: key, q: q.trim() })}
      >
        <Form.Item label="查找" required={false}>
          <Space.Compact>
            <Form.Item name="by" noStyle>
              <Select
                options={keyOptions}
                style={{ width: 96 }}
                aria-label="查找方式"
                data-testid="search-key"
              />
            </Form.Item>
            <Form.Item
              name="q"
              noStyle
              rules={[{ required: true, whitespace: true, message: '请输入搜索内容' }]}
            >
              <Input
                placeholder={SEARCH_KEY_HINTS[by]}
                allowClear
                maxLength={100}
                style={{ width: 360 }}
                aria-label="搜索内容"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {filter ? (
        <SearchResults filter={filter} />
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="按账号、ID、手机、邮箱或 IP 查找玩家，打开其资料页"
          data-testid="player-search-idle"
        />
      )}
    </Card>
  );
}
