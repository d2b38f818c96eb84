import type { Permission } from '@lottery/contract/console/roles';
import { Tabs } from 'antd';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { can, useMe } from '../../app/session';
import { AdjustTab } from './adjust-tab';
import { ChannelsTab } from './channels-tab';
import { DepositsTab } from './deposits-tab';
import { ReconciliationTab } from './reconciliation-tab';
import { WithdrawalsTab } from './withdrawals-tab';

/** The desk's tabs, each shown to a role holding its permission (the server checks every call). */
const TABS: readonly { key: string; label: string; permission: Permission; Tab: ComponentType }[] = [
  { key: 'deposits', label: '充值订单', permission: 'deposit.read', Tab: DepositsTab },
  { key: 'withdrawals', label: '提现审核', permission: 'withdraw.read', Tab: WithdrawalsTab },
  { key: 'adjust', label: '人工调整', permission: 'adjust.create', Tab: AdjustTab },
  { key: 'channels', label: '支付渠道', permission: 'channel.read', Tab: ChannelsTab },
  { key: 'reconciliation', label: '对账', permission: 'ledger.read', Tab: ReconciliationTab },
];

/**
 * 财务 (issue 40 §5): deposits, withdrawals, manual adjustments, payment channels and the daily
 * reconciliation, one tab each; the open tab is in the address (`?tab=withdrawals`) so a link or a
 * reload lands on it.
 */
export function FinancePage() {
  const { data: me } = useMe();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((tab) => can(me, tab.permission));
  const active = tabs.find((tab) => tab.key === params.get('tab')) ?? tabs[0];
  return (
    <Tabs
      activeKey={active?.key}
      onChange={(key) => setParams({ tab: key })}
      destroyOnHidden
      items={tabs.map(({ key, label, Tab }) => ({ key, label, children: <Tab /> }))}
    />
  );
}
