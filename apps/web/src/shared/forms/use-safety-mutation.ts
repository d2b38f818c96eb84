import { fieldError, SafetyPassword } from '@lottery/contract/fields';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toastInfo } from '../ui/toast';
import { handleVerifyFailure, type VerifyFailureChoice } from './verify-failure';

/** Where 忘记密码 leads from every safety-password form (spec/platform.md §5). */
export const FORGOT_SAFETY_PASSWORD_PATH = '/findSecurityPassword';

export interface SafetyMutationOptions {
  /** Checks the other fields first; a returned message is shown and nothing is sent. */
  check?(): string | undefined;
  /** Sends the form with the safety password; resolves when the server accepted it. */
  send(password: string): Promise<void>;
  /** The verification is locked (code -1, data 10): where the flow closes to, if anywhere. */
  onLocked?(): void;
  /**
   * Failures after which the typed password is cleared; by default every failure, cleared at
   * once (before the failure dialog). A bank card form keeps it when the failure was not about the password.
   */
  clearOn?: readonly VerifyFailureChoice[];
  /** A password held from an earlier verification (bank card edit). */
  initialPassword?: string;
  /** A password of the wrong shape: `toast` says so (forms), `ignore` waits for six digits (keypads). */
  incomplete?: 'toast' | 'ignore';
}

/**
 * The one submit of every form that asks for the safety password: field checks, the six-digit
 * rule, one request at a time, and a wrong or locked password handled the same way everywhere
 * (re-enter, 忘记密码, or the lock message).
 */
export function useSafetyMutation({
  check,
  send,
  onLocked,
  clearOn,
  incomplete = 'toast',
  initialPassword = '',
}: SafetyMutationOptions) {
  const navigate = useNavigate();
  const [password, setPassword] = useState(initialPassword);
  const [sending, setSending] = useState(false);

  const submit = async (typed: string = password) => {
    if (sending) return;
    const shapeProblem = fieldError(SafetyPassword, typed);
    if (incomplete === 'ignore' && shapeProblem) return;
    const problem = check?.() ?? shapeProblem;
    if (problem) return toastInfo(problem);
    setSending(true);
    try {
      await send(typed);
    } catch (error) {
      if (!clearOn) setPassword('');
      const choice = await handleVerifyFailure(error);
      if (clearOn?.includes(choice)) setPassword('');
      if (choice === 'forgot') void navigate(FORGOT_SAFETY_PASSWORD_PATH);
      if (choice === 'closed') onLocked?.();
    } finally {
      setSending(false);
    }
  };

  return { password, setPassword, sending, submit };
}
