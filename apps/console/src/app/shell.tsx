import { ConsoleAuthApi } from '@lottery/contract/console/auth';
import { ROLE_LABELS } from '@lottery/contract/console/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Layout, Menu, type MenuProps, Result, Space, Spin, Tag, Typography } from 'antd';
import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { consoleCall } from '../api/call';
import { errorText } from '../shared/errors';
import { type Desk, deskOf, desksOf, GROUP_LABELS, opens } from './desks';
import { IdleWarning } from './idle-warning';
import { signedOut, signInPath, useMe } from './session';

const { Header, Sider, Content } = Layout;

/** The menu of the desks `me` may open, grouped as DESKS lists them. */
function menuItems(desks: Desk[]): MenuProps['items'] {
  const items: NonNullable<MenuProps['items']> = [];
  for (const group of ['main', 'business', 'system'] as const) {
    const entries = desks
      .filter((desk) => desk.group === group)
      .map((desk) => ({ key: desk.path, label: desk.label }));
    if (entries.length === 0) continue;
    const label = GROUP_LABELS[group];
    if (label) items.push({ type: 'group', key: group, label, children: entries });
    else items.push(...entries);
  }
  return items;
}

export function PageLoading() {
  return (
    <div className="console-page-loading">
      <Spin />
    </div>
  );
}

/**
 * The signed-in console: the desks' menu on the left, the staff member, role and 退出登录 at the
 * top, the desk's page in the middle. Signed out (401), it sends the visitor to the sign-in page
 * and back here afterwards; two minutes before the session would end it warns (IdleWarning).
 */
export function Shell() {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const signOut = useMutation({
    mutationFn: () => consoleCall(ConsoleAuthApi.signOut),
    // away from the desks first: forgetting `me` under a mounted shell would ask for it again
    onSuccess: async () => {
      await navigate('/login', { replace: true });
      signedOut(client);
    },
    onError: (error) => {
      void message.error(errorText(error));
    },
  });

  const desk = deskOf(location.pathname);
  useEffect(() => {
    document.title = desk ? `${desk.label} - 运营后台` : '运营后台';
  }, [desk]);

  if (me.isPending) return <PageLoading />;
  if (me.isError) {
    return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  }
  const desks = desksOf(me.data);

  return (
    <Layout className="console-shell">
      <Sider width={208} theme="light" className="console-sider">
        <div className="console-brand">
          <span className="console-brand-mark" aria-hidden="true">
            彩
          </span>
          运营后台
        </div>
        <Menu
          mode="inline"
          selectedKeys={desk ? [desk.path] : []}
          items={menuItems(desks)}
          onClick={({ key }) => void navigate(key)}
        />
      </Sider>
      <Layout>
        <Header className="console-header">
          <Typography.Title level={4} className="console-header-title">
            {desk?.label ?? ''}
          </Typography.Title>
          <Space size="middle">
            <span data-testid="staff-account">{me.data.account}</span>
            <Tag color="red" data-testid="staff-role">
              {ROLE_LABELS[me.data.role]}
            </Tag>
            <Button onClick={() => signOut.mutate()} loading={signOut.isPending}>
              退出登录
            </Button>
          </Space>
        </Header>
        <Content className="console-content">
          {desk && !opens(me.data, desk) ? (
            <Result status="403" title="无权访问" subTitle="您的角色没有此页面的权限。" />
          ) : (
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          )}
        </Content>
      </Layout>
      <IdleWarning
        me={me.data}
        meAt={me.dataUpdatedAt}
        onSignOut={() => signOut.mutate()}
        signingOut={signOut.isPending}
      />
    </Layout>
  );
}
