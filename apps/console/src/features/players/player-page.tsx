import { ConsoleCodes } from '@lottery/contract/console/codes';
import type { PlayerDetail, PlayerLogin } from '@lottery/contract/console/players';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Result,
  Space,
  Table,
  type TableProps,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConsoleApiError } from '../../api/call';
import { can, useMe } from '../../app/session';
import { errorText } from '../../shared/errors';
import { formatTime } from '../../shared/format';
import { ACCOUNT_ROLE_LABELS, gradeText, Money, StatusTag } from './labels';
import { PlayerActions } from './player-actions';
import { PlayerNotes } from './player-notes';
import { PlayerRecords, RECORD_TABS } from './player-records';
import { PlayerRiskSignals } from './player-risk';
import { playerDetailQuery } from './players-api';

const loginColumns: TableProps<PlayerLogin>['columns'] = [
  { title: '登录时间（北京）', dataIndex: 'at', width: 170, render: formatTime },
  { title: 'IP', dataIndex: 'ip', width: 150, render: (ip: string | null) => ip ?? '—' },
  {
    title: '浏览器',
    dataIndex: 'userAgent',
    ellipsis: true,
    render: (ua: string | null) => <span title={ua ?? ''}>{ua ?? '—'}</span>,
  },
  {
    title: '会话',
    dataIndex: 'open',
    width: 90,
    render: (open: boolean) => (open ? <Tag color="green">有效</Tag> : <Tag>已结束</Tag>),
  },
];

/** The chain from the top agent down to the player (the contract lists it parent first). */
function UplineChain({ detail }: { detail: PlayerDetail }) {
  if (detail.upline.length === 0) return <Typography.Text type="secondary">无（顶级账号）</Typography.Text>;
  const chain: ReactNode[] = [];
  for (const up of [...detail.upline].reverse()) {
    chain.push(
      <Link key={up.userId} to={`/players/${up.userId}`}>
        {up.userName}
      </Link>,
      <span key={`${up.userId}-sep`}> › </span>,
    );
  }
  chain.push(<Typography.Text key="self">{detail.profile.userName}</Typography.Text>);
  return <span data-testid="player-upline">{chain}</span>;
}

function lockText(profile: PlayerDetail['profile'], now: number): ReactNode {
  if (profile.lockedUntil !== null && profile.lockedUntil > now)
    return (
      <Space size={4}>
        <Tag color="orange">已锁定</Tag>至 {formatTime(profile.lockedUntil)}
      </Space>
    );
  return profile.failedLogins > 0 ? `未锁定（连续错误 ${profile.failedLogins} 次）` : '未锁定';
}

function Profile({ detail }: { detail: PlayerDetail }) {
  const { profile } = detail;
  const now = Date.now();
  return (
    // the status is the tag beside the account in the card's title
    <Descriptions
      size="small"
      column={4}
      bordered
      data-testid="player-profile"
      items={[
        {
          key: 'account',
          label: '账号',
          children: <Typography.Text strong>{profile.userName}</Typography.Text>,
        },
        { key: 'nick', label: '昵称', children: profile.nickName || '—' },
        { key: 'id', label: 'ID', children: profile.userId },
        {
          key: 'role',
          label: '类型',
          children: `${ACCOUNT_ROLE_LABELS[profile.role] ?? profile.role}${profile.isAgent && profile.role !== 'agent' ? '（代理）' : ''}`,
        },
        { key: 'grade', label: '等级', children: gradeText(profile.grade) },
        { key: 'rebate', label: '返点', children: profile.rebate },
        {
          key: 'balance',
          label: '余额（元）',
          children: (
            <Typography.Text strong data-testid="player-balance">
              <Money value={detail.balance} />
            </Typography.Text>
          ),
        },
        { key: 'yuebao', label: '余额宝（元）', children: <Money value={detail.yuebao} /> },
        { key: 'upline', label: '上级链（顶级 › 本人）', span: 2, children: <UplineChain detail={detail} /> },
        {
          key: 'downline',
          label: '下级人数',
          children: <span data-testid="player-downline">{detail.downlineCount}</span>,
        },
        { key: 'registerIp', label: '注册 IP', children: profile.registerIp ?? '—' },
        { key: 'realName', label: '真实姓名', children: profile.realName ?? '—' },
        { key: 'phone', label: '手机', children: profile.phone ?? '—' },
        { key: 'email', label: '邮箱', children: profile.email ?? '—' },
        { key: 'created', label: '注册时间（北京）', children: formatTime(profile.createdAt) },
        {
          key: 'lastLogin',
          label: '最近登录（北京）',
          span: 2,
          children: profile.lastLoginAt
            ? `${formatTime(profile.lastLoginAt)}${profile.lastLoginIp ? `　IP ${profile.lastLoginIp}` : ''}`
            : '从未登录',
        },
        { key: 'lock', label: '登录锁定', span: 2, children: lockText(profile, now) },
      ]}
    />
  );
}

/**
 * A player's page (player.read): the profile with status, money, upline chain and downline count,
 * the latest sign-ins, and tabs of the player's records (each a keyset list with CSV), the risk
 * signals (risk.read) and the staff notes. The status changes show to a role with player.status.
 */
export function PlayerPage() {
  const { userId: param } = useParams();
  const userId = Number(param);
  const valid = Number.isSafeInteger(userId) && userId > 0;
  const { data: me } = useMe();
  const navigate = useNavigate();
  const detail = useQuery({ ...playerDetailQuery(userId), enabled: valid });

  const back = (
    <Button onClick={() => void navigate(-1)} data-testid="player-back">
      返回
    </Button>
  );

  if (
    !valid ||
    (detail.error instanceof ConsoleApiError &&
      detail.error.code === ConsoleCodes.CONSOLE_PLAYER_MISSING.code)
  )
    return (
      <Card>
        <Result status="404" title="玩家不存在" extra={<Link to="/players">返回玩家查询</Link>} />
      </Card>
    );
  if (detail.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="玩家资料加载失败"
        description={errorText(detail.error)}
        action={<Button onClick={() => void detail.refetch()}>重试</Button>}
      />
    );
  if (detail.isPending) return <Card loading title="玩家资料" />;

  const data = detail.data;
  const tabs = [
    ...RECORD_TABS.map(({ kind, label, empty }) => ({
      key: kind,
      label,
      children: <PlayerRecords userId={userId} kind={kind} empty={empty} />,
    })),
    ...(can(me, 'risk.read')
      ? [{ key: 'risk', label: '风险信号', children: <PlayerRiskSignals userId={userId} /> }]
      : []),
    {
      key: 'notes',
      label: '备注',
      children: <PlayerNotes userId={userId} canWrite={can(me, 'player.note')} />,
    },
  ];

  return (
    <Space vertical size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space size={12}>
            {back}
            <span>
              {data.profile.userName}
              {data.profile.nickName && (
                <Typography.Text type="secondary" style={{ fontWeight: 'normal', marginLeft: 8 }}>
                  {data.profile.nickName}
                </Typography.Text>
              )}
            </span>
            <StatusTag status={data.profile.status} />
          </Space>
        }
        extra={can(me, 'player.status') && <PlayerActions detail={data} />}
      >
        <Profile detail={data} />
      </Card>
      <Card title="最近登录" size="small">
        <Table<PlayerLogin>
          rowKey={(row) => `${row.at}-${row.ip ?? ''}`}
          columns={loginColumns}
          dataSource={data.logins}
          pagination={data.logins.length > 5 ? { pageSize: 5, size: 'small' } : false}
          size="small"
          locale={{ emptyText: '暂无登录记录' }}
          data-testid="player-logins"
        />
      </Card>
      <Card size="small">
        <Tabs items={tabs} destroyOnHidden={false} data-testid="player-tabs" />
      </Card>
    </Space>
  );
}
