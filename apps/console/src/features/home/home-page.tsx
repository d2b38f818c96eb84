import { PERMISSIONS, ROLE_LABELS } from '@lottery/contract/console/roles';
import { Card, Col, Descriptions, List, Row, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { desksOf } from '../../app/desks';
import { useMe } from '../../app/session';
import { formatTime } from '../../shared/format';

/** Where a signed-in staff member lands: who they are, what their role allows, the desks they open. */
export function HomePage() {
  const { data: me } = useMe();
  if (!me) return null;
  const desks = desksOf(me).filter((desk) => desk.path !== '/');
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card>
          <Typography.Title level={3} className="console-welcome">
            欢迎，{me.account}
          </Typography.Title>
          <Descriptions
            column={3}
            items={[
              { key: 'role', label: '角色', children: <Tag color="red">{ROLE_LABELS[me.role]}</Tag> },
              {
                key: 'idle',
                label: '闲置自动退出',
                children: `${Math.round(me.idleTimeoutMs / 60_000)} 分钟`,
              },
              {
                key: 'expires',
                label: '本次登录有效至',
                children: `${formatTime(me.sessionExpiresAt)}（北京时间）`,
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="我的工作台">
          <List
            dataSource={desks}
            locale={{ emptyText: '暂无可用的工作台' }}
            renderItem={(desk) => (
              <List.Item
                extra={desk.ready ? <Tag color="green">可用</Tag> : <Tag>即将开放</Tag>}
                className="console-desk-item"
              >
                <Link to={desk.path}>{desk.label}</Link>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="我的权限">
          <List
            size="small"
            dataSource={me.permissions}
            renderItem={(permission) => (
              <List.Item>
                <Typography.Text>{PERMISSIONS[permission]}</Typography.Text>
                <Typography.Text type="secondary" code>
                  {permission}
                </Typography.Text>
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
