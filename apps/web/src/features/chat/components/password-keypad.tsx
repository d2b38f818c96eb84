import { NumberKeyboard, PasscodeInput } from 'antd-mobile';
import { useState } from 'react';

interface Props {
  title: string;
  busy: boolean;
  error?: string;
  onComplete(password: string): void;
}

/** 房间密码: 4 digits on a keypad; the 4th digit triggers the check. */
export function PasswordKeypad({ title, busy, error, onComplete }: Props) {
  const [value, setValue] = useState('');
  const [lastError, setLastError] = useState(error);
  if (error !== lastError) {
    setLastError(error);
    if (error) setValue('');
  }
  return (
    <div className="room-password" data-testid="room-password">
      <h3>房间密码</h3>
      <p>{title}</p>
      <PasscodeInput
        length={4}
        plain
        value={value}
        error={Boolean(error)}
        keyboard={<NumberKeyboard />}
        onChange={(v) => {
          const digits = v.replace(/\D/g, '').slice(0, 4);
          setValue(digits);
          if (digits.length === 4 && !busy) onComplete(digits);
        }}
      />
      <p className={error ? 'room-password-hint error' : 'room-password-hint'} role="alert">
        {error || (busy ? '请稍等...' : '密码为 4 位数字')}
      </p>
    </div>
  );
}
