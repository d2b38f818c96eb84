import { Code } from '@lottery/contract/codes';
import { formatMoney } from '@lottery/contract/money';
import {
  ENVELOPE_DEFAULT_REMARK,
  type EnvelopeConfig,
  EnvelopeMessages,
} from '@lottery/contract/redenvelope';
import { Button, Dialog, Input, Popup, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/envelope';
import { useSafetyMutation } from '../../../shared/forms/use-safety-mutation';
import { useUserStore } from '../../../shared/stores/user';
import { SafetyKeypadPopup } from '../../../shared/ui/safety-keypad-popup';
import { getEnvelopeConfig, hasSafetyPassword, sendEnvelope } from '../api/envelopes';
import { type EnvelopeForm, envelopeTotalMinor, validateEnvelope } from '../model/validate';

/** Error toasts of the envelope flow last 3 s (spec §9). */
const ERROR_TOAST_MS = 3000;

interface Props {
  visible: boolean;
  roomCode?: string;
  directRoomId?: number;
  onClose(): void;
  onSent(): void;
}

const blank: EnvelopeForm = { type: 2, num: '', amount: '', wishingRemark: '' };

/** Send red envelope popup: normal / lucky toggle, local checks, then the safety-password step. */
export function SendEnvelopePopup({ visible, roomCode, directRoomId, onClose, onSent }: Props) {
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const patchUser = useUserStore((s) => s.patch);
  const direct = directRoomId !== undefined;
  const [form, setForm] = useState<EnvelopeForm>(blank);
  const [config, setConfig] = useState<EnvelopeConfig>();
  const [safetyOpen, setSafetyOpen] = useState(false);

  useEffect(() => {
    if (!visible) return;
    setForm({ ...blank, type: direct ? 1 : 2, num: direct ? '1' : '' });
    getEnvelopeConfig()
      .then(setConfig)
      .catch(() => undefined);
  }, [visible, direct]);

  const error = (text: string) => {
    Toast.show({ content: text, duration: ERROR_TOAST_MS });
  };

  const askSetPassword = async () => {
    const go = await Dialog.confirm({ content: EnvelopeMessages.noSafetyPassword, confirmText: '去设置' });
    if (go) void navigate('/securityCenter');
  };

  const submitForm = () => {
    const problem = validateEnvelope(form, config, { direct });
    if (problem) return error(problem);
    void (async () => {
      if (user && !user.userHasSafetyPassword) {
        // The stored flag may predate setting one: ask the server before sending the player away.
        const has = await hasSafetyPassword().catch(() => false);
        if (!has) return askSetPassword();
        patchUser({ userHasSafetyPassword: true });
      }
      safety.setPassword('');
      setSafetyOpen(true);
    })();
  };

  /**
   * Sends with the typed password. A wrong or locked password (code -1) goes back to the safety
   * mutation (re-enter or 忘记密码, the lock message); anything else closes the keypad here.
   */
  const send = async (password: string) => {
    if (!user) return;
    try {
      await sendEnvelope({
        roomCode: direct ? undefined : roomCode,
        directRoomId,
        num: direct ? '1' : form.num.trim(),
        type: form.type,
        amount: form.amount.trim(),
        wishingRemark: form.wishingRemark.trim() || ENVELOPE_DEFAULT_REMARK,
        safetyPassword: password,
        userName: user.userName,
      });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === Code.VERIFY_FAILED) throw failure;
      setSafetyOpen(false);
      if (failure instanceof ApiError && failure.code === Code.SAFETY_PASSWORD_NOT_SET)
        return askSetPassword();
      if (failure instanceof ApiError && !failure.handled) error(failure.message);
      return;
    }
    setSafetyOpen(false);
    Toast.show({ icon: 'success', content: EnvelopeMessages.sent, duration: 600 });
    onSent();
  };
  const safety = useSafetyMutation({ send, incomplete: 'ignore', onLocked: () => setSafetyOpen(false) });

  const total = (() => {
    const num = direct ? '1' : form.num.trim();
    if (!/^\d{1,4}$/.test(num) || !/^\d{1,6}(\.\d{1,2})?$/.test(form.amount.trim())) return '0.00';
    return formatMoney(envelopeTotalMinor({ ...form, num }));
  })();
  const set = (patch: Partial<EnvelopeForm>) => setForm((f) => ({ ...f, ...patch }));

  return (
    <>
      <Popup visible={visible} onMaskClick={onClose} bodyClassName="envelope-send-popup" destroyOnClose>
        <div className="envelope-send-head">
          <button type="button" className="link" onClick={onClose}>
            取消
          </button>
          <strong>发红包</strong>
          <span />
        </div>
        {direct ? null : (
          <div className="envelope-type-toggle" role="tablist">
            <button
              type="button"
              role="tab"
              aria-selected={form.type === 2}
              className={form.type === 2 ? 'active' : undefined}
              onClick={() => set({ type: 2 })}
            >
              拼手气红包
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={form.type === 1}
              className={form.type === 1 ? 'active' : undefined}
              onClick={() => set({ type: 1 })}
            >
              普通红包
            </button>
          </div>
        )}
        <div className="envelope-field">
          <label htmlFor="envelope-amount">
            {form.type === 2 ? (
              <>
                总金额 <em className="envelope-badge inline">拼</em>
              </>
            ) : (
              '单个金额'
            )}
          </label>
          <Input
            id="envelope-amount"
            placeholder="0.00"
            inputMode="decimal"
            value={form.amount}
            maxLength={9}
            onChange={(v) => set({ amount: v })}
          />
          <span>元</span>
        </div>
        {direct ? null : (
          <div className="envelope-field">
            <label htmlFor="envelope-num">红包个数</label>
            <Input
              id="envelope-num"
              placeholder="填写个数"
              inputMode="numeric"
              maxLength={4}
              value={form.num}
              onChange={(v) => set({ num: v })}
            />
            <span>个</span>
          </div>
        )}
        <div className="envelope-field">
          <Input
            aria-label="祝福语"
            placeholder={ENVELOPE_DEFAULT_REMARK}
            maxLength={20}
            value={form.wishingRemark}
            onChange={(v) => set({ wishingRemark: v })}
          />
        </div>
        {config ? <p className="envelope-quota">今日剩余额度 {config.amount} 元</p> : null}
        <p className="envelope-total">
          ¥<strong>{total}</strong>
        </p>
        <Button block color="primary" className="envelope-submit" onClick={submitForm}>
          塞钱进红包
        </Button>
      </Popup>
      <SafetyKeypadPopup
        visible={safetyOpen}
        busy={safety.sending}
        value={safety.password}
        onChange={safety.setPassword}
        onComplete={(p) => void safety.submit(p)}
        onClose={() => setSafetyOpen(false)}
        testId="envelope-safety"
      />
    </>
  );
}
