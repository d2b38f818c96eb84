import { PasscodeInput, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import './safety-popup.css';

interface Props {
  visible: boolean;
  busy: boolean;
  /** The six digits typed so far (the form's safety mutation holds them). */
  value: string;
  onChange(value: string): void;
  /** Six digits typed and nothing in flight. */
  onComplete(password: string): void;
  onClose(): void;
  testId?: string;
}

/**
 * The one-step safety-password keypad of a form that needs it (sending an envelope): six digits,
 * sent as soon as they are typed. A wrong or locked password is answered by the form's
 * useSafetyMutation (re-enter, 忘记密码, or the lock message), the same everywhere.
 */
export function SafetyKeypadPopup({ visible, busy, value, onChange, onComplete, onClose, testId }: Props) {
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="safety-popup" destroyOnClose>
      <div className="safety-popup-head">
        <span>请输入安全密码</span>
        <button type="button" aria-label="关闭" className="safety-popup-close" onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
      <div className="safety-popup-input" data-testid={testId}>
        <PasscodeInput
          length={6}
          value={value}
          onChange={(v) => {
            onChange(v);
            if (v.length === 6 && !busy) onComplete(v);
          }}
        />
      </div>
      <p className="safety-popup-error" role="status">
        {busy ? '请稍等...' : '安全密码为6位数字'}
      </p>
    </Popup>
  );
}
