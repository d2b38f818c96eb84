import { Code } from '@lottery/contract/codes';
import { EnvelopeMessages, ReadState } from '@lottery/contract/redenvelope';
import { Dialog, Mask, Popup, SpinLoading, Toast } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { ApiError } from '../../../shared/api/envelope';
import { beijingFormat } from '../../../shared/lib/day';
import {
  type EnvelopeRef,
  type EnvelopeView,
  markEnvelopeRead,
  openEnvelope,
  snatchEnvelope,
} from '../api/envelopes';

interface Props {
  target: EnvelopeRef | undefined;
  /** Private chat: the detail hides the list of grabbers. */
  isDirect: boolean;
  onClose(): void;
  /** The message's read state changed (spec §4 labels). */
  onRead(recordId: number, state: number): void;
  onOpenRecords(): void;
}

/** Text shown for the read state a view implies. */
function readStateOf(view: EnvelopeView): number | undefined {
  if (view.showContent === 2) return ReadState.received;
  if (view.showContent === 3) return view.refundAmount !== null ? ReadState.returned : ReadState.expired;
  if (view.showContent === 4) return ReadState.allGrabbed;
  return undefined;
}

export function summaryLine(
  view: Pick<EnvelopeView, 'receivedCount' | 'count' | 'receivedAmount' | 'totalAmount'>,
) {
  return view.receivedCount >= view.count
    ? `${view.count}个红包共${view.totalAmount}元，已被抢光`
    : `已领取${view.receivedCount}/${view.count}个，共${view.receivedAmount}/${view.totalAmount}元`;
}

/**
 * Tap on an envelope: snatch decides what to show (showContent 1 ready to open, 2 amount, 3 expired,
 * 4 all grabbed, 5 custom message); 開 grabs (state 1 got, 0 taken, -1 failed stops the spinner).
 */
export function useEnvelopeGrab({ isDirect, onRead }: Pick<Props, 'isDirect' | 'onRead'>) {
  const [view, setView] = useState<EnvelopeView>();
  const [ref, setRef] = useState<EnvelopeRef>();
  const [stage, setStage] = useState<'closed' | 'dialog' | 'detail'>('closed');
  const [opening, setOpening] = useState(false);

  const start = async (target: EnvelopeRef) => {
    setRef(target);
    try {
      const next = await snatchEnvelope(target);
      setView(next);
      const state = readStateOf(next);
      if (state) {
        onRead(next.recordId, state);
        void markEnvelopeRead(next.recordId, state).catch(() => undefined);
      }
      setStage(next.showContent === 2 ? 'detail' : 'dialog');
    } catch (error) {
      if (error instanceof ApiError && !error.handled) Toast.show({ content: error.message, duration: 3000 });
    }
  };

  const open = async () => {
    if (!ref || opening) return;
    setOpening(true);
    try {
      const envelope = await openEnvelope(ref);
      const result = envelope.data;
      if (envelope.code !== Code.OK || !result || result.state === -1) {
        Toast.show({ content: result?.msg || envelope.msg || EnvelopeMessages.expired, duration: 3000 });
        return;
      }
      const state = result.state === 1 || result.amount ? ReadState.received : ReadState.allGrabbed;
      onRead(ref.recordId, state);
      void markEnvelopeRead(ref.recordId, state).catch(() => undefined);
      setView(await snatchEnvelope(ref));
      setStage('detail');
    } catch (error) {
      if (error instanceof ApiError && !error.handled) Toast.show({ content: error.message, duration: 3000 });
    } finally {
      setOpening(false);
    }
  };

  return { view, stage, opening, start, open, close: () => setStage('closed'), isDirect };
}

type Grab = ReturnType<typeof useEnvelopeGrab>;

export function GrabDialog({ grab }: { grab: Grab }) {
  const { view, stage, opening } = grab;
  if (!view) return null;
  const text =
    view.showContent === 3
      ? view.msg || EnvelopeMessages.expired
      : view.showContent === 4
        ? EnvelopeMessages.allGrabbed
        : view.showContent === 5
          ? view.msg
          : view.wishingRemark;
  return (
    <Mask visible={stage === 'dialog'} onMaskClick={grab.close}>
      <div className="grab-dialog" role="dialog" aria-label="红包" data-testid="grab-dialog">
        <button type="button" className="grab-close" aria-label="关闭" onClick={grab.close}>
          <CloseOutline />
        </button>
        <img className="grab-avatar" src={view.sender.avatar} alt="" />
        <p className="grab-sender">{view.sender.nickName || view.sender.userName}的红包</p>
        <p className="grab-text" data-show={view.showContent}>
          {text}
        </p>
        {view.showContent === 1 ? (
          <button
            type="button"
            className="grab-open"
            aria-label="開"
            disabled={opening}
            onClick={() => void grab.open()}
          >
            {opening ? <SpinLoading color="#c4161c" style={{ '--size': '28px' }} /> : '開'}
          </button>
        ) : view.showContent === 4 || view.showContent === 3 ? (
          <button
            type="button"
            className="grab-link"
            onClick={() => {
              grab.close();
              void Promise.resolve().then(() => grab.start({ recordId: view.recordId }));
            }}
          >
            看看大家的手气
          </button>
        ) : null}
      </div>
    </Mask>
  );
}

export function EnvelopeDetailPopup({ grab, onOpenRecords }: { grab: Grab; onOpenRecords(): void }) {
  const { view, stage } = grab;
  if (!view) return null;
  return (
    <Popup
      visible={stage === 'detail'}
      position="bottom"
      onMaskClick={grab.close}
      bodyClassName="envelope-detail"
      destroyOnClose
    >
      <div className="envelope-detail-head">
        <button type="button" className="link" aria-label="关闭" onClick={grab.close}>
          <CloseOutline />
        </button>
        <strong>红包</strong>
        <button
          type="button"
          className="link"
          onClick={() => {
            grab.close();
            onOpenRecords();
          }}
        >
          红包记录
        </button>
      </div>
      <div className="envelope-detail-owner">
        <img src={view.sender.avatar} alt="" />
        <p>
          {view.sender.nickName || view.sender.userName}的红包
          {view.dispatchType === 2 ? <em className="envelope-badge inline">拼</em> : null}
        </p>
        <small>{view.wishingRemark}</small>
        {view.amount ? (
          <div className="envelope-detail-amount" data-testid="envelope-amount">
            <strong>{view.amount}</strong>元<small>已存入余额，可用于投注</small>
          </div>
        ) : null}
      </div>
      {grab.isDirect ? null : (
        <>
          <p className="envelope-detail-summary" data-testid="envelope-summary">
            {summaryLine(view)}
          </p>
          <ul className="envelope-detail-list">
            {view.list.map((row) => (
              <li key={`${row.userId}-${row.receiveTime}`}>
                <img src={row.avatar} alt="" />
                <span>
                  {row.nickName || row.userName}
                  <small>{beijingFormat(row.receiveTime, 'YYYY/M/D HH:mm:ss')}</small>
                </span>
                <b>{row.amount}元</b>
              </li>
            ))}
          </ul>
        </>
      )}
    </Popup>
  );
}

/** Guests are refused with the spec's text and offered 注册. */
export async function refuseGuest(goRegister: () => void): Promise<void> {
  const register = await Dialog.confirm({
    content: EnvelopeMessages.guest,
    confirmText: '注册',
    cancelText: '取消',
  });
  if (register) goRegister();
}
