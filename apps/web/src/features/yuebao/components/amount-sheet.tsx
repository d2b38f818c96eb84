import { Code } from '@lottery/contract/codes';
import { Button, Input, Popup } from 'antd-mobile';
import { type ReactNode, useId, useState } from 'react';
import { ApiError } from '../../../shared/api/envelope';
import { useSafetyMutation } from '../../../shared/forms/use-safety-mutation';
import { SafetyKeypadPopup } from '../../../shared/ui/safety-keypad-popup';
import { toastInfo } from '../../../shared/ui/toast';
import { type AmountLimit, allOf, amountProblem } from '../model/amount';

/**
 * A bottom sheet that asks for an amount, checks it here first (the server checks again and
 * answers -110002 提交金额不符 beyond its limits), then asks for the safety password on the keypad
 * and sends. Used for 转入, 转出 and 质押.
 */
export function AmountSheet(props: {
  visible: boolean;
  title: string;
  /** lines under the title: available balance, limits, rate */
  hint: ReactNode;
  /** ceilings in the order they are checked (the first passed is the one named); 全部 takes the lowest */
  limits: readonly AmountLimit[];
  minMinor?: bigint;
  submitText: string;
  /** the field's label: 转入金额, 转出金额, 质押金额 */
  amountLabel: string;
  extra?: ReactNode;
  onClose(): void;
  send(amount: string, password: string): Promise<void>;
  testId: string;
}) {
  const inputId = useId();
  const [amount, setAmount] = useState('');
  const [keypad, setKeypad] = useState(false);
  const send = async (password: string) => {
    try {
      await props.send(amount.trim(), password);
      setKeypad(false);
      setAmount('');
    } catch (failure) {
      // a wrong password: re-enter or 忘记密码 (the safety mutation); anything else closes the keypad
      if (failure instanceof ApiError && failure.code === Code.VERIFY_FAILED) throw failure;
      setKeypad(false);
      if (failure instanceof ApiError && !failure.handled) toastInfo(failure.message);
    }
  };
  const safety = useSafetyMutation({ send, incomplete: 'ignore', onLocked: () => setKeypad(false) });

  const close = () => {
    setAmount('');
    props.onClose();
  };
  const check = () => amountProblem(amount, { minMinor: props.minMinor, limits: props.limits });

  return (
    <>
      <Popup visible={props.visible} onMaskClick={close} bodyClassName="yuebao-sheet" destroyOnClose>
        <div className="yuebao-sheet-head">
          <button type="button" className="link" onClick={close}>
            取消
          </button>
          <strong>{props.title}</strong>
          <span />
        </div>
        <div className="yuebao-sheet-body" data-testid={props.testId}>
          <div className="yuebao-sheet-hint">{props.hint}</div>
          {/* antd's Input copies aria-label onto its wrapper too: a label for the input alone */}
          <label htmlFor={inputId} className="yuebao-amount-label">
            {props.amountLabel}
          </label>
          <div className="yuebao-amount-row">
            <span className="yuebao-yen">¥</span>
            <Input
              id={inputId}
              placeholder="请输入金额"
              inputMode="decimal"
              value={amount}
              onChange={setAmount}
              clearable
            />
            <button type="button" className="link yuebao-all" onClick={() => setAmount(allOf(props.limits))}>
              全部
            </button>
          </div>
          {props.extra}
          <Button
            block
            color="primary"
            className="yuebao-submit"
            loading={safety.sending}
            onClick={() => {
              const problem = check();
              if (problem) return toastInfo(problem);
              setKeypad(true);
            }}
          >
            {props.submitText}
          </Button>
        </div>
      </Popup>
      <SafetyKeypadPopup
        visible={keypad}
        busy={safety.sending}
        value={safety.password}
        onChange={safety.setPassword}
        onComplete={(p) => void safety.submit(p)}
        onClose={() => setKeypad(false)}
        testId={`${props.testId}-safety`}
      />
    </>
  );
}
