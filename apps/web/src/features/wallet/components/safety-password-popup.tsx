import { Dialog, PasscodeInput, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import '../../../shared/ui/safety-popup.css';
import { ApiError } from '../../../shared/api/envelope';
import { handleVerifyFailure } from '../../../shared/forms/verify-failure';
import { toastSuccess } from '../../../shared/ui/toast';
import { resetSafetyPassword, setSafetyPassword, verifySafetyPassword } from '../api/safety-password';
import {
  closeNeedsConfirm,
  initialSafetyState,
  rejectCurrent,
  SAFETY_LENGTH,
  SAFETY_TEXT,
  type SafetyState,
  STEP_TITLES,
  safetyReducer,
} from '../model/safety-steps';

interface Props {
  visible: boolean;
  userName: string;
  /** a password is set: start at step 0 (verify current) and reset; else set a first one */
  hasPassword: boolean;
  onClose(): void;
  onDone(): void;
}

/** The three-step safety-password popup of spec/platform.md §4 (0 verify, 1 new, 2 confirm). */
export function SafetyPasswordPopup({ visible, userName, hasPassword, onClose, onDone }: Props) {
  const navigate = useNavigate();
  const [state, setState] = useState<SafetyState>(() => initialSafetyState(hasPassword));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (visible) setState(initialSafetyState(hasPassword));
  }, [visible, hasPassword]);

  const send = async (current: string, next: string) => {
    if (hasPassword)
      await resetSafetyPassword(userName, { oldPassword: current, newPassword: next, confirm: next });
    else await setSafetyPassword(userName, next, next);
  };

  const onInput = async (value: string) => {
    if (busy) return;
    const [nextState, outcome] = safetyReducer(state, { type: 'input', value });
    // every local message (mismatch, too simple, same as old) is said once, in the line under the keys
    setState(nextState);
    if (outcome.kind === 'none') return;
    setBusy(true);
    try {
      if (outcome.kind === 'verify') {
        await verifySafetyPassword(userName, outcome.password);
        setState((s) => safetyReducer(s, { type: 'verified' })[0]);
      } else {
        await send(outcome.current, outcome.next);
        toastSuccess(hasPassword ? '修改成功' : '设置成功');
        onDone();
      }
    } catch (error) {
      const choice = await handleVerifyFailure(error);
      if (choice === 'closed') onClose();
      else if (choice === 'forgot') {
        onClose();
        void navigate('/findSecurityPassword');
      } else if (choice === 'retry') setState((s) => rejectCurrent(s, ''));
      else {
        // refused (simple password, same as old…): enter the new one again; the line repeats
        // nothing the shell already showed as a toast
        const message = error instanceof ApiError && !error.handled ? error.message : undefined;
        setState((s) => ({ ...s, step: s.step === 0 ? 0 : 1, next: '', input: '', error: message }));
      }
    } finally {
      setBusy(false);
    }
  };

  const requestClose = async () => {
    if (closeNeedsConfirm(state)) {
      const abandon = await Dialog.confirm({
        content: SAFETY_TEXT.abandon,
        confirmText: '确定',
        cancelText: '取消',
      });
      if (!abandon) return;
    }
    onClose();
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={() => void requestClose()}
      bodyClassName="safety-popup"
      destroyOnClose
    >
      <div className="safety-popup-head">
        <span>{hasPassword ? '修改安全密码' : '设置安全密码'}</span>
        <button
          type="button"
          aria-label="关闭"
          className="safety-popup-close"
          onClick={() => void requestClose()}
        >
          <CloseOutline />
        </button>
      </div>
      <ol className="safety-steps">
        {(hasPassword ? ([0, 1, 2] as const) : ([1, 2] as const)).map((step) => (
          <li key={step} className={state.step >= step ? 'active' : undefined}>
            {step === 0 ? '验证' : step === 1 ? '新密码' : '确认'}
          </li>
        ))}
      </ol>
      <p className="safety-popup-title" data-testid="safety-step" data-step={state.step}>
        {STEP_TITLES[state.step]}
      </p>
      <div className="safety-popup-input">
        <PasscodeInput
          key={state.step}
          length={SAFETY_LENGTH}
          value={state.input}
          onChange={(v) => void onInput(v)}
          error={Boolean(state.error)}
        />
      </div>
      <p className="safety-popup-error" role="alert">
        {state.error ?? (busy ? '请稍等...' : '安全密码为6位数字')}
      </p>
    </Popup>
  );
}
