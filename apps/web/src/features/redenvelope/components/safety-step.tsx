import { PasscodeInput, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';

interface Props {
  visible: boolean;
  busy: boolean;
  error?: string;
  onClose(): void;
  onComplete(password: string): void;
}

/** The safety-password step of sending an envelope: 6 digits, sent encrypted. */
export function SafetyStep({ visible, busy, error, onClose, onComplete }: Props) {
  const [value, setValue] = useState('');
  useEffect(() => {
    if (visible || error) setValue('');
  }, [visible, error]);
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="safety-popup" destroyOnClose>
      <div className="safety-popup-head">
        <span>请输入安全密码</span>
        <button type="button" aria-label="关闭" className="safety-popup-close" onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
      <div className="safety-popup-input" data-testid="envelope-safety">
        <PasscodeInput
          length={6}
          value={value}
          error={Boolean(error)}
          onChange={(v) => {
            setValue(v);
            if (v.length === 6 && !busy) onComplete(v);
          }}
        />
      </div>
      <p className="safety-popup-error" role="alert">
        {error ?? (busy ? '请稍等...' : '安全密码为6位数字')}
      </p>
    </Popup>
  );
}
