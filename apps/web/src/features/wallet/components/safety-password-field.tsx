import { Input } from 'antd-mobile';

/**
 * A 6-digit safety-password entry for forms (withdraw, payout accounts, security question). The
 * forms check what was typed with the contract's SafetyPassword rule (shared/forms/use-safety-mutation).
 */
export function SafetyPasswordInput(props: { value?: string; onChange?: (value: string) => void }) {
  return (
    <Input
      type="password"
      inputMode="numeric"
      maxLength={6}
      placeholder="请输入6位安全密码"
      autoComplete="off"
      value={props.value}
      onChange={(v) => props.onChange?.(v.replace(/\D/g, '').slice(0, 6))}
      clearable
    />
  );
}
