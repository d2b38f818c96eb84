import type { PlayerRisk as Risk } from '@lottery/contract/console/players';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Space, Spin, Table, type TableProps, Typography } from 'antd';
import { Link } from 'react-router';
import { errorText } from '../../shared/errors';
import { formatTime } from '../../shared/format';
import { Money } from './labels';
import { playerRiskQuery } from './players-api';

/** Table-game areas in the words of the game tables; any other as the server wrote it. */
const AREA_LABELS: Record<string, string> = {
  banker: '庄',
  player: '闲',
  dragon: '龙',
  tiger: '虎',
  red: '红',
  black: '黑',
  big: '大',
  small: '小',
  odd: '单',
  even: '双',
};

const sharedIpColumns: TableProps<Risk['sharedIp'][number]>['columns'] = [
  { title: 'IP', dataIndex: 'ip', width: 180 },
  {
    title: '账号',
    dataIndex: 'userName',
    render: (userName: string, row) => <Link to={`/players/${row.userId}`}>{userName}</Link>,
  },
  { title: 'ID', dataIndex: 'userId', width: 100 },
  {
    title: '对方使用方式',
    dataIndex: 'via',
    render: (via: 'register' | 'login') => (via === 'register' ? '注册' : '登录'),
  },
];

const sharedDeviceColumns: TableProps<Risk['sharedDevice'][number]>['columns'] = [
  {
    title: '设备ID',
    dataIndex: 'deviceId',
    width: 320,
    render: (id: string) => <span className="console-mono">{id}</span>,
  },
  {
    title: '账号',
    dataIndex: 'userName',
    render: (userName: string, row) => <Link to={`/players/${row.userId}`}>{userName}</Link>,
  },
  { title: 'ID', dataIndex: 'userId', width: 100 },
];

const roundColumns: TableProps<Risk['hedgedRounds'][number]>['columns'] = [
  { title: '时间（北京）', dataIndex: 'at', width: 170, render: formatTime },
  { title: '游戏', dataIndex: 'gameCode' },
  { title: '局号', dataIndex: 'roundId', render: (id: string) => <span className="console-mono">{id}</span> },
  {
    title: '对冲区域',
    dataIndex: 'areas',
    render: (areas: string[]) => areas.map((a) => AREA_LABELS[a] ?? a).join(' / '),
  },
  {
    title: '对冲金额（元）',
    dataIndex: 'hedgedStake',
    align: 'right',
    render: (v: string) => <Money value={v} />,
  },
];

const issueColumns: TableProps<Risk['hedgedIssues'][number]>['columns'] = [
  { title: '时间（北京）', dataIndex: 'at', width: 170, render: formatTime },
  { title: '彩种', dataIndex: 'lotteryCode' },
  { title: '期号', dataIndex: 'issue' },
  { title: '玩法', dataIndex: 'playDetailCode' },
  {
    title: '对冲号码',
    dataIndex: 'numbers',
    render: (numbers: string[]) => <span className="console-mono">{numbers.join('  ↔  ')}</span>,
  },
];

function Section<Row extends object>(props: {
  title: string;
  hint: string;
  rows: Row[];
  columns: TableProps<Row>['columns'];
  rowKey: (row: Row) => string;
  empty: string;
  testId: string;
}) {
  return (
    <div className="console-gap">
      <Typography.Title level={5}>
        {props.title}（{props.rows.length}）
      </Typography.Title>
      <Typography.Paragraph type="secondary">{props.hint}</Typography.Paragraph>
      <Table<Row>
        rowKey={props.rowKey}
        columns={props.columns}
        dataSource={props.rows}
        pagination={false}
        size="small"
        locale={{ emptyText: props.empty }}
        data-testid={props.testId}
      />
    </div>
  );
}

/**
 * 风险信号 (risk.read): accounts on the player's IPs and devices, and bets on both sides of one round
 * or issue.
 */
export function PlayerRiskSignals({ userId }: { userId: number }) {
  const risk = useQuery(playerRiskQuery(userId));
  if (risk.isPending) return <Spin />;
  if (risk.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="风险信号加载失败"
        description={errorText(risk.error)}
        action={<Button onClick={() => void risk.refetch()}>重试</Button>}
      />
    );
  const { sharedIp, sharedDevice, hedgedRounds, hedgedIssues } = risk.data;
  return (
    <Space vertical size={8} style={{ width: '100%' }}>
      <Section
        title="同 IP 账号"
        hint="在本玩家注册、最近登录或近 50 次会话的 IP 上注册或登录过的其他账号（最多 50 个）。"
        rows={sharedIp}
        columns={sharedIpColumns}
        rowKey={(row) => `${row.ip}-${row.userId}-${row.via}`}
        empty="暂无同 IP 账号"
        testId="risk-shared-ip"
      />
      <Section
        title="同设备账号"
        hint="用本玩家近 50 次会话的设备登录或注册过的其他账号（最多 50 个）。设备ID 是玩家端在浏览器里保存的随机编号，不是设备指纹；清除浏览器数据后会换新，更早的会话没有设备ID。"
        rows={sharedDevice}
        columns={sharedDeviceColumns}
        rowKey={(row) => `${row.deviceId}-${row.userId}`}
        empty="暂无同设备账号"
        testId="risk-shared-device"
      />
      <Section
        title="对冲的游戏局"
        hint="同一局游戏内在对立区域（庄/闲、龙/虎、红/黑、大/小、单/双）同时下注。"
        rows={hedgedRounds}
        columns={roundColumns}
        rowKey={(row) => `${row.gameCode}-${row.roundId}-${row.areas.join('.')}`}
        empty="暂无对冲的游戏局"
        testId="risk-hedged-rounds"
      />
      <Section
        title="对冲的彩票期号"
        hint="同一期同一玩法在相同位置上同时投注大/小、单/双或龙/虎。"
        rows={hedgedIssues}
        columns={issueColumns}
        rowKey={(row) => `${row.lotteryCode}-${row.issue}-${row.playDetailCode}-${row.numbers.join('.')}`}
        empty="暂无对冲的彩票期号"
        testId="risk-hedged-issues"
      />
    </Space>
  );
}
