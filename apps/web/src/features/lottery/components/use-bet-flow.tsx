import { FAMILY_LOTTERY_TYPE, type LotteryDef } from '@lottery/rules/lotteries';
import { issueLabel } from '@lottery/rules/schedule';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/envelope';
import { feedbackWidgets } from '../../../shared/ui/feedback';
import { addBetting } from '../api/add-betting';
import { type BasketLine, wireLines } from '../model/basket';
import { betErrorAction } from '../model/bet-errors';
import { ConfirmContent } from './basket-panel';

const PLACING_HINT_AFTER_MS = 700;
const IN_PROGRESS_RETRIES = 5;
const COMING_SOON = '即将开放，敬请期待！';

function newKey(): string {
  return `bet-${crypto.randomUUID()}`;
}

/**
 * Placing a basket: the confirm popup, the call with an idempotency key, 正在投注 after 700 ms, and
 * every answer of spec/betting.md §8 (success dialog, 余额不足 → 充值/取消, rebate refresh, plan
 * refetch, other errors in a confirm dialog).
 */
export function useBetFlow(lottery: LotteryDef, onPlaced: () => void, onFailedClear: () => void) {
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const reloadRebates = () =>
    queryClient.invalidateQueries({ queryKey: ['betting', 'rebate', FAMILY_LOTTERY_TYPE[lottery.family]] });
  const refetchIssue = () =>
    queryClient.invalidateQueries({ queryKey: ['lottery', 'openData', lottery.code] });

  async function send(lines: readonly BasketLine[], issue: string, bettingPoint: string): Promise<boolean> {
    const { Dialog, Toast } = await feedbackWidgets();
    const key = newKey();
    const payload = wireLines(lines, issue, bettingPoint);
    let hint: ReturnType<typeof Toast.show> | undefined;
    const hintTimer = setTimeout(() => {
      hint = Toast.show({ icon: 'loading', content: '正在投注', duration: 0, maskClickable: false });
    }, PLACING_HINT_AFTER_MS);
    try {
      for (let attempt = 0; ; attempt++) {
        const envelope = await addBetting(payload, key);
        if (envelope.code === 1) {
          onPlaced();
          await queryClient.invalidateQueries({ queryKey: ['wallet', 'balance'] });
          clearTimeout(hintTimer);
          hint?.close();
          Dialog.show({
            title: '投注成功',
            content: '投注成功，可在投注记录中查看注单',
            closeOnAction: true,
            actions: [
              [
                { key: 'continue', text: '继续投注' },
                { key: 'share', text: '分享注单', onClick: () => void Toast.show(COMING_SOON) },
              ],
            ],
          });
          return true;
        }
        const action = betErrorAction(envelope.code, envelope.msg);
        if (action.kind === 'keepPlacing' && attempt < IN_PROGRESS_RETRIES) {
          await new Promise((r) => setTimeout(r, 1000));
          continue;
        }
        clearTimeout(hintTimer);
        hint?.close();
        switch (action.kind) {
          case 'ignore':
          case 'keepPlacing':
            return false;
          case 'recharge': {
            const go = await Dialog.confirm({
              content: action.message,
              confirmText: '充值',
              cancelText: '取消',
            });
            if (go) void navigate('/recharge');
            return false;
          }
          case 'rebate':
            Toast.show(action.message);
            await reloadRebates();
            return false;
          case 'issue':
            await refetchIssue();
            await Dialog.alert({ content: action.message, confirmText: '确定' });
            return false;
          case 'other':
            await Dialog.alert({ content: action.message, confirmText: '确定' });
            onFailedClear();
            await reloadRebates();
            return false;
        }
      }
    } catch (error) {
      clearTimeout(hintTimer);
      hint?.close();
      // Transport failures were already announced by the API client.
      if (!(error instanceof ApiError)) throw error;
      return false;
    }
  }

  /**
   * Confirm popup, then place; true when the bet was placed. `bettingPoint` is the footer's text
   * ("0-" plus the rebate taken). Blocked while a send is in progress (no double submit).
   */
  async function confirmAndPlace(
    lines: readonly BasketLine[],
    issue: string | undefined,
    bettingPoint: string,
  ): Promise<boolean> {
    if (busyRef.current) return false;
    const { Dialog, Toast } = await feedbackWidgets();
    if (lines.length === 0) {
      Toast.show('请至少选择一注号码投注');
      return false;
    }
    if (!issue) {
      Toast.show('期号有误');
      return false;
    }
    const ok = await Dialog.confirm({
      title: '投注确认',
      content: <ConfirmContent lines={lines} issueText={`${issueLabel(issue)}期`} />,
      confirmText: '立即投注',
      cancelText: '取消',
    });
    if (!ok) return false;
    busyRef.current = true;
    setBusy(true);
    try {
      return await send(lines, issue, bettingPoint);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return { busy, confirmAndPlace };
}
