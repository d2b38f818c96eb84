import type { ChatMessage } from '@lottery/contract/chat';
import { Messages } from '@lottery/contract/codes';
import { Button, Dialog, Popup, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { isLoggedIn } from '../../../shared/stores/user';
import { getNowIssue } from '../api/follow-bet';
import { usePlaceFollow } from '../hooks/use-place-follow';
import { PLAN_AMOUNT_REQUIRED, type PlanCard, parsePlanCard, planLine } from '../model/plan';
import { followWireLines, formatYuan, GUEST_FOLLOW_TEXT } from '../model/share';
import '../share-bet.css';
import { DigitInput } from '../../../shared/ui/digit-input';

/**
 * 推送计划注单: the plan's pick on the issue on sale. On open it reads the current issue; when the
 * plan's issue has closed it says so (n期已封盘，当前为m期) and bets the current one. K3 plays are
 * one-mode, so the field is the per-bet amount (请输入单注金额).
 */
function PlanFollowDialog({ plan, visible, onClose }: { plan: PlanCard; visible: boolean; onClose(): void }) {
  const [issue, setIssue] = useState<string>();
  const [amount, setAmount] = useState('');
  const line = planLine(plan);
  const loadIssue = () =>
    getNowIssue(plan.lotteryCode).then(
      (now) => {
        setIssue(now);
        if (now !== plan.issue) Toast.show({ content: Messages.betClosed(plan.issue, now) });
      },
      () => setIssue(undefined),
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per opening
  useEffect(() => {
    if (visible) void loadIssue();
  }, [visible]);
  const { busy, place } = usePlaceFollow(onClose, loadIssue);
  if (!line) return null;
  const perBet = Number(amount || 0);
  const preview =
    perBet > 0 ? followWireLines([line], { mode: 'perBet', perBetYuan: perBet }, issue ?? '').totalMinor : 0n;

  const submit = () => {
    if (!issue) return;
    if (perBet < 1) return void Toast.show({ content: PLAN_AMOUNT_REQUIRED });
    void place(followWireLines([line], { mode: 'perBet', perBetYuan: perBet }, issue).lines);
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="follow-bet" data-testid="plan-follow">
      <div className="follow-head">
        <strong>推送计划注单</strong>
        <small>{issue ? `第${issue}期` : '正在获取期号...'}</small>
      </div>
      <p className="plan-follow-pick">
        {plan.gameName} · 预测 <b>{plan.predictionResult}</b> · 和值 {line.bettingNumber}
      </p>
      <div className="follow-row">
        <span>单注金额</span>
        <DigitInput
          className="plan-follow-input"
          aria-label="单注金额"
          placeholder={PLAN_AMOUNT_REQUIRED}
          value={amount}
          onChange={setAmount}
        />
      </div>
      <p className="follow-total">
        共{line.bettingCount}注，合计 <b>{formatYuan(preview)}</b> 元
      </p>
      <div className="follow-actions">
        <Button onClick={onClose}>取消</Button>
        <Button color="primary" loading={busy} disabled={!issue} onClick={submit}>
          立即投注
        </Button>
      </div>
    </Popup>
  );
}

const stop = (e: { stopPropagation(): void }) => e.stopPropagation();

/**
 * 跟投 under a push-plan card while its issue waits for the draw (the app places it next to chat's
 * plan card). Guests get 访客不能跟投，请先注册登录 (注册 / 取消).
 */
export function PlanFollow({ message }: { message: ChatMessage }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const plan = parsePlanCard(message.message);
  if (plan?.isPrize !== 2 || !planLine(plan)) return null;
  const start = async () => {
    if (!isLoggedIn() || window.location.pathname.startsWith('/chatGuest')) {
      const register = await Dialog.confirm({
        content: GUEST_FOLLOW_TEXT,
        confirmText: '注册',
        cancelText: '取消',
      });
      if (register) void navigate('/register');
      return;
    }
    setOpen(true);
  };
  return (
    <span className="plan-follow" onPointerDown={stop} onPointerUp={stop} onClick={stop}>
      <button type="button" className="plan-follow-button" onClick={() => void start()}>
        跟投
      </button>
      <PlanFollowDialog plan={plan} visible={open} onClose={() => setOpen(false)} />
    </span>
  );
}
