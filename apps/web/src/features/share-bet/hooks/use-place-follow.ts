import { Dialog, Toast } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/envelope';
import { BET_RECORD_PATH, BET_UNCONFIRMED_DIALOG, placeUntilAnswered } from '../../../shared/api/response';
import { addFollowBet } from '../api/follow-bet';
import { FOLLOW_TIMEOUT_TEXT, type FollowWireLine, isFollowTimeout } from '../model/share';

const PLACING_HINT_AFTER_MS = 700;

const newKey = () => `follow-${crypto.randomUUID()}`;

/**
 * Placing a followed slip or plan as a real bet: one idempotency key per attempt (a double tap
 * pays once), 正在投注 after 700 ms, -40 retried, 投注成功 on success, 余额不足 → 充值 / 取消, an issue or
 * rebate that moved on → 投注超时，请重新投注。 (then `onTimeout`, to read the issue again).
 * `announce` replaces the plain 投注成功 dialog (the followed slip offers sharing in its own).
 */
export function usePlaceFollow(
  onPlaced: () => void,
  onTimeout: () => Promise<unknown>,
  announce?: () => void,
) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const key = useRef(newKey());

  const place = async (lines: FollowWireLine[]) => {
    if (busy) return;
    setBusy(true);
    const hint = setTimeout(
      () => Toast.show({ icon: 'loading', content: '正在投注', duration: 0, maskClickable: false }),
      PLACING_HINT_AFTER_MS,
    );
    try {
      {
        const { envelope: env, timedOut } = await placeUntilAnswered(() => addFollowBet(lines, key.current));
        clearTimeout(hint);
        Toast.clear();
        key.current = newKey();
        if (timedOut) {
          if (await Dialog.confirm(BET_UNCONFIRMED_DIALOG)) void navigate(BET_RECORD_PATH);
          return;
        }
        if (env.code === 1) {
          onPlaced();
          if (announce) return announce();
          void Dialog.alert({
            title: '投注成功',
            content: '投注成功，可在投注记录中查看注单',
            confirmText: '确定',
          });
        } else if (env.msg.includes('余额不足')) {
          const go = await Dialog.confirm({ content: env.msg, confirmText: '充值', cancelText: '取消' });
          if (go) void navigate('/recharge');
        } else if (isFollowTimeout(env.msg)) {
          await Dialog.alert({ content: FOLLOW_TIMEOUT_TEXT, confirmText: '确定' });
          await onTimeout();
        } else {
          await Dialog.alert({ content: env.msg, confirmText: '确定' });
        }
        return;
      }
    } catch (error) {
      clearTimeout(hint);
      Toast.clear();
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setBusy(false);
    }
  };

  return { busy, place };
}
