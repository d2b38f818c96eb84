import { Codes } from '@lottery/contract/codes';
import { issueLabel } from '@lottery/rules/schedule';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { balanceKey } from '../../../shared/api/balance';
import { ApiError } from '../../../shared/api/envelope';
import { BET_RECORD_PATH, BET_UNCONFIRMED_DIALOG, placeUntilAnswered } from '../../../shared/api/response';
import { feedbackWidgets } from '../../../shared/ui/feedback';
import { useShareSlot } from '../../../shared/ui/share-slot';
import { addBetting } from '../api/add-betting';
import { maxWin, refusal, type Selection, Texts, wireLine } from '../model/dragon-bet';

const PLACING_HINT_AFTER_MS = 700;

function ConfirmContent({ selection, amount }: { selection: Selection; amount: string }) {
  const { entry, option } = selection;
  const button = entry.options[option]!;
  const win = maxWin(amount, button.odds);
  return (
    <div className="ld-confirm">
      <div>
        <span>彩种</span>
        {entry.lotteryName}
      </div>
      <div>
        <span>期号</span>第{issueLabel(entry.currIssue)}期
      </div>
      <div>
        <span>玩法</span>
        {entry.name} {button.label}
      </div>
      <div>
        <span>金额</span>
        <b>{amount}元</b>
      </div>
      {win ? (
        <div>
          <span>最高可中</span>
          <b className="ld-gold">{win}元</b>
        </div>
      ) : null}
    </div>
  );
}

/** The placed line as a shared slip (type 7): what a follower needs to place it again. */
function sharedLines(selection: Selection, amount: string, issue: string | undefined) {
  const { entry, option } = selection;
  const wire = wireLine(selection, amount);
  const label = entry.options[option]!.label;
  return [
    {
      lotteryCode: wire.lotteryCode,
      lotteryName: entry.lotteryName,
      lotteryType: entry.lotteryType,
      bettingIssue: issue ?? entry.currIssue,
      // the card carries yuan as a JSON number; the amount is whole yuan (dragon-bet.ts)
      bettingAmount: Number(amount),
      betDetail: `${entry.name} ${label}`,
      betDetailTitle: entry.name,
      betDetailContent: label,
      playDetailCode: wire.playDetailCode,
      bettingNumber: wire.bettingNumber,
      bettingCount: wire.bettingCount,
      bettingUnit: 1 as const,
      graduationCount: wire.graduationCount,
    },
  ];
}

/**
 * 马上投注: checks (请选择一注号码投注, 投注金额不能为空, 选号超时，请重新选号), the 投注确认 dialog, the
 * call with an idempotency key, 正在投注 after 700 ms and kept while the server answers -40, then
 * 投注成功 (继续投注 / 分享注单) or the spec's error dialogs (余额不足 → 充值 / 取消).
 */
export function useDragonBet(options: {
  /** Whether the selected line can still be bet (its item is listed and its issue still open). */
  stillOpen(selection: Selection): boolean;
  onPlaced(): void;
  onExpired(): void;
}) {
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const share = useShareSlot();

  async function send(selection: Selection, amount: string): Promise<void> {
    const { Dialog, Toast } = await feedbackWidgets();
    const key = `dragon-${crypto.randomUUID()}`;
    let hint: ReturnType<typeof Toast.show> | undefined;
    const hintTimer = setTimeout(() => {
      hint = Toast.show({ icon: 'loading', content: '正在投注', duration: 0, maskClickable: false });
    }, PLACING_HINT_AFTER_MS);
    const done = () => {
      clearTimeout(hintTimer);
      hint?.close();
    };
    try {
      {
        const { envelope, timedOut } = await placeUntilAnswered(() =>
          addBetting([wireLine(selection, amount)], key),
        );
        done();
        if (timedOut) {
          if (await Dialog.confirm(BET_UNCONFIRMED_DIALOG)) void navigate(BET_RECORD_PATH);
          return;
        }
        if (envelope.code === 1) {
          options.onPlaced();
          void queryClient.invalidateQueries({ queryKey: balanceKey });
          void queryClient.invalidateQueries({ queryKey: ['longDragon', 'myBets'] });
          const placed = envelope.data as { issue?: string } | undefined;
          Dialog.show({
            title: '投注成功',
            content: '投注成功，可在投注记录中查看注单',
            closeOnAction: true,
            actions: [
              [
                { key: 'continue', text: '继续投注' },
                ...(share
                  ? [
                      {
                        key: 'share',
                        text: '分享注单',
                        onClick: () => share.open(sharedLines(selection, amount, placed?.issue), {}),
                      },
                    ]
                  : []),
              ],
            ],
          });
          return;
        }
        if (envelope.code === Codes.BET_IN_PROGRESS.code || envelope.code === Codes.ACCOUNT_ABNORMAL.code)
          return;
        const message = envelope.msg || '投注失败';
        if (envelope.code === Codes.INSUFFICIENT_BALANCE.code || message.includes('余额不足')) {
          const go = await Dialog.confirm({ content: message, confirmText: '充值', cancelText: '取消' });
          if (go) void navigate('/recharge');
          return;
        }
        // 期号错误 (the issue closed meanwhile), 返点 changes and the rest: the list is reloaded.
        void queryClient.invalidateQueries({ queryKey: ['longDragon', 'list'] });
        await Dialog.alert({ content: message, confirmText: '确定' });
        return;
      }
    } catch (error) {
      done();
      // Transport failures were already announced by the API client.
      if (!(error instanceof ApiError)) throw error;
    }
  }

  async function place(selection: Selection | undefined, amount: string): Promise<void> {
    if (busyRef.current) return;
    const { Dialog, Toast } = await feedbackWidgets();
    const refused = refusal(selection, amount);
    if (refused || !selection) {
      Toast.show(refused ?? Texts.noSelection);
      return;
    }
    if (!options.stillOpen(selection)) {
      options.onExpired();
      Toast.show(Texts.selectionExpired);
      return;
    }
    const ok = await Dialog.confirm({
      title: '投注确认',
      content: <ConfirmContent selection={selection} amount={amount} />,
      confirmText: '确定',
      cancelText: '取消',
    });
    if (!ok) return;
    // The issue may have closed while the dialog was open.
    if (!options.stillOpen(selection)) {
      options.onExpired();
      Toast.show(Texts.selectionExpired);
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      await send(selection, amount);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return { busy, place, shareView: share?.view ?? null };
}
