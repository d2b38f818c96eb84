import { useQueryClient } from '@tanstack/react-query';
import { List, Tag } from 'antd-mobile';
import {
  BankcardOutline,
  KeyOutline,
  LockOutline,
  MailOutline,
  PhonebookOutline,
  QuestionCircleOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useUserStore } from '../../../shared/stores/user';
import { NotReady } from '../../../shared/ui/list-states';
import { walletKeys } from '../api/keys';
import { useSecurityList } from '../api/security';
import type { SecurityItem } from '../api/types';
import { SafetyPasswordPopup } from '../components/safety-password-popup';
import '../wallet.css';

const ICONS: Record<SecurityItem['key'], React.ReactNode> = {
  safetyPassword: <LockOutline />,
  phone: <PhonebookOutline />,
  mail: <MailOutline />,
  question: <QuestionCircleOutline />,
  bankCard: <BankcardOutline />,
  loginPassword: <KeyOutline />,
};

/** /securityCenter: what is set; the safety password opens the three-step popup. */
export default function SecurityCenterPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUserStore((s) => s.user);
  const patch = useUserStore((s) => s.patch);
  const list = useSecurityList();
  const [popup, setPopup] = useState(false);
  if (!user) return null;
  if (!list.isSuccess) return <NotReady query={list} />;
  const items = list.data;
  const level = items.filter((i) => i.set).length;
  const safety = items.find((i) => i.key === 'safetyPassword');

  return (
    <div className="wallet-page">
      <section className="security-level">
        <span>安全等级</span>
        <strong>{level >= 5 ? '高' : level >= 3 ? '中' : '低'}</strong>
        <div className="security-bar">
          <i style={{ width: `${Math.round((level / Math.max(items.length, 1)) * 100)}%` }} />
        </div>
      </section>
      <List mode="card">
        {items.map((item) => (
          <List.Item
            key={item.key}
            prefix={ICONS[item.key]}
            extra={
              <span className="security-extra">
                {item.value ? <span>{item.value}</span> : null}
                <Tag color={item.set ? 'success' : 'warning'} fill="outline">
                  {item.set ? '已设置' : '未设置'}
                </Tag>
              </span>
            }
            onClick={() => (item.key === 'safetyPassword' ? setPopup(true) : void navigate(item.route))}
          >
            {item.name}
          </List.Item>
        ))}
        {safety?.set ? (
          <List.Item prefix={<LockOutline />} onClick={() => void navigate('/findSecurityPassword')}>
            忘记安全密码
          </List.Item>
        ) : null}
      </List>
      <SafetyPasswordPopup
        visible={popup}
        userName={user.userName}
        hasPassword={Boolean(safety?.set)}
        onClose={() => setPopup(false)}
        onDone={() => {
          setPopup(false);
          patch({ userHasSafetyPassword: true });
          void queryClient.invalidateQueries({ queryKey: walletKeys.all });
        }}
      />
    </div>
  );
}
