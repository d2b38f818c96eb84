import { fieldError, UserName } from '@lottery/contract/fields';
import { Button, Input, Radio, Space } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toastInfo } from '../../../shared/ui/toast';
import type { RecoveryWay } from '../api/security';
import '../wallet.css';

/** /forgotPassword: the account, and how to prove it is yours (bound phone, mail, or the question). */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [userName, setUserName] = useState('');
  const [way, setWay] = useState<RecoveryWay>('phone');

  const next = () => {
    const error = fieldError(UserName, userName.trim());
    if (error) return toastInfo(error);
    void navigate('/retrievePassword', { state: { userName: userName.trim(), way } });
  };

  return (
    <div className="wallet-page">
      <div className="card form-list">
        <div className="field-row">
          <span>账号</span>
          <Input placeholder="请输入账号" value={userName} onChange={setUserName} maxLength={20} clearable />
        </div>
      </div>
      <div className="card">
        <h4 className="card-title">找回方式</h4>
        <Radio.Group value={way} onChange={(v) => setWay(v as RecoveryWay)}>
          <Space direction="vertical" block>
            <Radio value="phone">通过绑定手机找回</Radio>
            <Radio value="mail">通过绑定邮箱找回</Radio>
            <Radio value="question">通过密保问题找回</Radio>
          </Space>
        </Radio.Group>
      </div>
      <div className="form-actions">
        <Button block color="primary" shape="rounded" size="large" onClick={next}>
          下一步
        </Button>
        <Button block fill="none" onClick={() => void navigate('/manualVerification')}>
          以上方式都无法使用？人工验证
        </Button>
        <Button block fill="none" onClick={() => void navigate('/service')}>
          联系在线客服
        </Button>
      </div>
    </div>
  );
}
