import type { AddBettingData } from '@lottery/contract/betting';
import type { AddChaseBettingData } from '@lottery/contract/chase';
import { FAMILY_LOTTERY_TYPE, type LotteryDef } from '@lottery/rules/lotteries';
import { issueLabel } from '@lottery/rules/schedule';
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { balanceKey } from '../../../shared/api/balance';
import type { Envelope } from '../../../shared/api/envelope';
import { ApiError } from '../../../shared/api/envelope';
import { BET_RECORD_PATH, BET_UNCONFIRMED_DIALOG, placeUntilAnswered } from '../../../shared/api/response';
import { feedbackWidgets } from '../../../shared/ui/feedback';
import { addBetting } from '../api/add-betting';
import { addChaseBetting } from '../api/add-chase-betting';
import type { ShareSlot } from '../extensions/lottery-extensions';
import { shareLinesOf } from '../extensions/share-lines';
import { type BasketLine, basketTotals, wireLines, yuan } from '../model/basket';
import { betErrorAction } from '../model/bet-errors';
import { type ChaseOptions, chaseRequest, chaseSummary } from '../model/chase';
import type { PlaceRequest } from './use-bet-flow';

/*
 * The work behind 立即投注 (loaded by use-bet-flow.tsx on the first bet, not with the page): the
 * confirm popup, the call and every answer of spec/betting.md §8.
 */

const PLACING_HINT_AFTER_MS = 700;
/** spec/betting.md §5: the basket was lost between 立即投注 and the confirm. */
const SELECTION_TIMEOUT = '选号超时，请重新选号';

function newKey(): string {
  return `bet-${crypto.randomUUID()}`;
}

/** What placing needs of the betting screen. */
export interface PlacingContext {
  lottery: LotteryDef;
  queryClient: QueryClient;
  navigate: NavigateFunction;
  share: ShareSlot | null;
  roomCode: string | undefined;
  onPlaced(): void;
  onFailedClear(): void;
}

/** The confirm popup content: notes, lines, total money and 普通投注 or the chase summary. */
function ConfirmContent({
  lines,
  issueText,
  chase,
}: {
  lines: readonly BasketLine[];
  issueText: string;
  chase?: { options: ChaseOptions; totalMinor: bigint };
}) {
  const totals = basketTotals(lines);
  return (
    <div className="bet-confirm">
      <div>期号：{issueText}</div>
      <div>
        注数：{totals.notes}注 / {totals.lines}笔
      </div>
      <div>
        总金额：<b>{yuan(chase ? chase.totalMinor : totals.amountMinor)}</b>元
      </div>
      <div>{chase ? chaseSummary(chase.options) : '普通投注'}</div>
    </div>
  );
}

/**
 * 投注确认 (普通投注 or 投N倍，追N期): the issue confirmed, when the player confirmed lines that are
 * still there (an emptied basket says 选号超时，请重新选号); undefined otherwise.
 */
export async function confirmBet(request: PlaceRequest): Promise<string | undefined> {
  const { Dialog, Toast } = await feedbackWidgets();
  const { lines, issue, chase } = request;
  if (lines.length === 0) {
    Toast.show('请至少选择一注号码投注');
    return undefined;
  }
  if (!issue) {
    Toast.show('期号有误');
    return undefined;
  }
  const ok = await Dialog.confirm({
    title: '投注确认',
    content: (
      <ConfirmContent
        lines={lines}
        issueText={`${issueLabel(chase?.rows[0]?.issue ?? issue)}期`}
        chase={chase && { options: chase.options, totalMinor: chase.totalMinor }}
      />
    ),
    confirmText: '立即投注',
    cancelText: '取消',
  });
  if (!ok) return undefined;
  if (request.current && request.current().length === 0) {
    Toast.show(SELECTION_TIMEOUT);
    return undefined;
  }
  return issue;
}

type Placed = Envelope<AddBettingData | AddChaseBettingData | { maxChaseCount: number }>;

async function succeeded(
  context: PlacingContext,
  request: PlaceRequest,
  envelope: Placed,
  issue: string,
): Promise<void> {
  const { lottery, queryClient, navigate, share, roomCode } = context;
  const { Dialog } = await feedbackWidgets();
  context.onPlaced();
  await queryClient.invalidateQueries({ queryKey: balanceKey });
  if (request.chase) {
    const chaseId = (envelope.data as AddChaseBettingData).chaseId;
    Dialog.show({
      title: '投注成功',
      content: '追号投注成功，可在追号记录中查看',
      closeOnAction: true,
      actions: [
        [
          { key: 'continue', text: '继续投注' },
          {
            key: 'view',
            text: '查看注单',
            onClick: () => void navigate(`/chaseNumberRecordDetail/${chaseId}`),
          },
        ],
      ],
    });
    return;
  }
  const shared = shareLinesOf(request.lines, {
    lotteryName: lottery.name,
    lotteryType: FAMILY_LOTTERY_TYPE[lottery.family],
    issue: (envelope.data as AddBettingData | undefined)?.issue ?? issue,
  });
  Dialog.show({
    title: '投注成功',
    content: '投注成功，可在投注记录中查看注单',
    closeOnAction: true,
    actions: [
      ...(share && roomCode
        ? [
            {
              key: 'here',
              text: '分享到本聊天室',
              onClick: () => share.open(shared, { roomCode, toThisRoom: true }),
            },
          ]
        : []),
      [
        { key: 'continue', text: '继续投注' },
        ...(share
          ? [{ key: 'share', text: '分享注单', onClick: () => share.open(shared, { roomCode }) }]
          : []),
      ],
    ],
  });
}

/**
 * Places a confirmed bet (or chase) with an idempotency key, 正在投注 after 700 ms, and answers as
 * spec/betting.md §8 says (success dialog with 分享注单, or 查看注单 after a chase; 余额不足 → 充值/取消;
 * rebate refresh; plan refetch; 最多可追号 → the allowed count; other errors in a confirm dialog).
 * True when it was placed.
 */
export async function sendBet(
  context: PlacingContext,
  request: PlaceRequest,
  issue: string,
): Promise<boolean> {
  const { lottery, queryClient, navigate } = context;
  const reloadRebates = () =>
    queryClient.invalidateQueries({ queryKey: ['betting', 'rebate', FAMILY_LOTTERY_TYPE[lottery.family]] });
  const refetchIssue = () =>
    queryClient.invalidateQueries({ queryKey: ['lottery', 'openData', lottery.code] });
  const { Dialog, Toast } = await feedbackWidgets();
  const key = newKey();
  const { chase } = request;
  const place = (): Promise<Placed> =>
    chase
      ? addChaseBetting(
          chaseRequest(lottery, request.lines, chase.rows, chase.options, request.bettingPoint),
          key,
        )
      : addBetting(wireLines(request.lines, issue, request.bettingPoint), key);
  let hint: ReturnType<typeof Toast.show> | undefined;
  const hintTimer = setTimeout(() => {
    hint = Toast.show({ icon: 'loading', content: '正在投注', duration: 0, maskClickable: false });
  }, PLACING_HINT_AFTER_MS);
  const stopHint = () => {
    clearTimeout(hintTimer);
    hint?.close();
  };
  try {
    const { envelope, timedOut } = await placeUntilAnswered(place);
    if (timedOut) {
      stopHint();
      if (await Dialog.confirm(BET_UNCONFIRMED_DIALOG)) void navigate(BET_RECORD_PATH);
      return false;
    }
    if (envelope.code === 1) {
      stopHint();
      await succeeded(context, request, envelope, issue);
      return true;
    }
    const max = (envelope.data as { maxChaseCount?: number } | undefined)?.maxChaseCount;
    if (chase && typeof max === 'number') {
      stopHint();
      // spec §8: 最多可追号 — confirming sets the chase count to the returned number.
      const ok =
        max > 0 && (await Dialog.confirm({ content: envelope.msg, confirmText: '确定', cancelText: '取消' }));
      if (ok) chase.onMaxCount(max);
      else if (max <= 0) await Dialog.alert({ content: envelope.msg, confirmText: '确定' });
      return false;
    }
    const action = betErrorAction(envelope.code, envelope.msg);
    stopHint();
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
        context.onFailedClear();
        await reloadRebates();
        return false;
    }
  } catch (error) {
    stopHint();
    // Transport failures were already announced by the API client.
    if (!(error instanceof ApiError)) throw error;
    return false;
  }
}
