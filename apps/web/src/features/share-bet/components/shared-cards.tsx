import { type ChatMessage, SharedBetCard, SharedResultCard } from '@lottery/contract/chat';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { Dialog, Popup } from 'antd-mobile';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isLoggedIn } from '../../../shared/stores/user';
import {
  followableLines,
  formatYuan,
  GUEST_FOLLOW_TEXT,
  type ShareLine,
  slipTotalMinor,
} from '../model/share';
import '../share-bet.css';

const FollowBetDialog = lazy(() => import('./follow-bet-dialog'));
const FollowedShare = lazy(() => import('./followed-share'));

/** The props chat gives a message renderer (chat-extensions MessageRendererProps). */
interface CardProps {
  message: ChatMessage;
  onOpen(message: ChatMessage): void;
}

/** A stored card parsed with the contract's schema (DESIGN.md §10); null when it is not one. */
function parseCard<T>(schema: { safeParse(v: unknown): { success: boolean; data?: T } }, text: string) {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data ?? null) : null;
  } catch {
    return null;
  }
}

const lineTitle = (l: ShareLine) => l.betDetailTitle || l.betDetail || '';
const lineNumbers = (l: ShareLine) => l.betDetailContent || l.bettingNumber || '';

/**
 * 分享注单 (spec/betting.md §2): the sharing user, lottery, issue, total and each line, with 关闭 and
 * 我要跟投. Guests are refused with 访客不能跟投，请先注册登录 (注册 / 取消).
 */
function ShareBetDialog({
  card,
  sharer,
  roomCode,
  visible,
  onClose,
}: {
  card: SharedBetCard;
  sharer: string;
  /** The room the card is in (rooms only): the lottery link carries it to the play page. */
  roomCode?: string;
  visible: boolean;
  onClose(): void;
}) {
  const navigate = useNavigate();
  const [following, setFollowing] = useState(false);
  /** The slip as followed, once placed (its 投注成功 and share flow), with a key per placing. */
  const [placed, setPlaced] = useState<{ key: number; lines: ShareLine[] }>();
  const first = card.data[0]!;
  const followable = useMemo(() => followableLines(card.data), [card]);
  const playLink = roomCode ? playPageLink(first.lotteryCode, roomCode) : undefined;

  const follow = async () => {
    if (!isLoggedIn() || window.location.pathname.startsWith('/chatGuest')) {
      const register = await Dialog.confirm({
        content: GUEST_FOLLOW_TEXT,
        confirmText: '注册',
        cancelText: '取消',
      });
      if (register) void navigate('/register');
      return;
    }
    if (!followable) {
      await Dialog.alert({ content: '该注单无法跟投', confirmText: '确定' });
      return;
    }
    onClose();
    setFollowing(true);
  };

  return (
    <>
      <Popup visible={visible} onMaskClick={onClose} bodyClassName="share-bet-dialog">
        <div className="share-bet-sheet" data-testid="share-bet-dialog">
          <h3>分享注单</h3>
          <dl>
            <dt>分享用户</dt>
            <dd>{sharer}</dd>
            <dt>彩种</dt>
            <dd>
              {first.lotteryName}
              {playLink ? (
                <Link className="share-play-link" to={playLink} onClick={onClose}>
                  去投注 ›
                </Link>
              ) : null}
            </dd>
            <dt>期号</dt>
            <dd>{first.bettingIssue}</dd>
            <dt>总金额</dt>
            <dd className="share-money">{formatYuan(slipTotalMinor(card.data))}元</dd>
          </dl>
          <ul className="share-lines">
            {card.data.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a slip's lines have no id and never reorder
              <li key={i}>
                <span>{lineTitle(l)}</span>
                <b>{lineNumbers(l)}</b>
                <em>
                  {l.graduationCount ? `${l.graduationCount}倍 ` : ''}
                  {formatYuan(slipTotalMinor([l]))}元
                </em>
              </li>
            ))}
          </ul>
          <div className="share-bet-actions">
            <button type="button" onClick={onClose}>
              关闭
            </button>
            <button type="button" className="primary" onClick={() => void follow()}>
              我要跟投
            </button>
          </div>
        </div>
      </Popup>
      {followable && following ? (
        <Suspense fallback={null}>
          <FollowBetDialog
            visible={following}
            lotteryName={first.lotteryName}
            lines={followable}
            cardLines={card.data}
            onClose={() => setFollowing(false)}
            onPlaced={(lines) => setPlaced((before) => ({ key: (before?.key ?? 0) + 1, lines }))}
          />
        </Suspense>
      ) : null}
      {placed ? (
        <Suspense fallback={null}>
          <FollowedShare key={placed.key} lines={placed.lines} roomCode={roomCode} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The play page of a card's lottery, opened from a room: `?roomCode=` makes its 投注成功 dialog offer
 * 分享到本聊天室 (lottery-extensions ROOM_CODE_PARAM). Guests and private chats get no link.
 */
function playPageLink(lotteryCode: string, roomCode: string): string | undefined {
  const lottery = lotteryByCode(lotteryCode);
  if (!lottery || !isLoggedIn() || window.location.pathname.startsWith('/chatGuest')) return undefined;
  return `/lottery/${lottery.family}/${encodeURIComponent(lotteryCode)}?roomCode=${encodeURIComponent(roomCode)}`;
}

const stop = (e: { stopPropagation(): void }) => e.stopPropagation();

/** Type 7 in chat: lottery, issue, lines and total; a tap opens 分享注单. */
export function SharedBetMessage({ message }: CardProps) {
  const card = useMemo(() => parseCard<SharedBetCard>(SharedBetCard, message.message), [message.message]);
  const [open, setOpen] = useState(false);
  if (!card) return <span className="chat-text">[注单]</span>;
  const first = card.data[0]!;
  const sharer = card.username || message.nickname || message.userName;
  return (
    <>
      <button type="button" className="share-card" data-testid="share-card" onClick={() => setOpen(true)}>
        <span className="share-card-head">
          <b>{first.lotteryName}</b>
          <small>第{first.bettingIssue}期</small>
        </span>
        <span className="share-card-lines">
          {card.data.slice(0, 3).map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a slip's lines have no id and never reorder
            <span key={i}>
              {lineTitle(l)} <b>{lineNumbers(l)}</b>
            </span>
          ))}
          {card.data.length > 3 ? <span>等{card.data.length}笔</span> : null}
        </span>
        <span className="share-card-foot">
          <span>
            合计 <b className="share-money">{formatYuan(slipTotalMinor(card.data))}</b> 元
          </span>
          <em>跟投 ›</em>
        </span>
      </button>
      {/* The dialogs render in a portal, but React bubbles their events through this tree: stop them
          here, or a tap inside a dialog would reach the chat bubble and select the message. */}
      <span className="share-portal" onPointerDown={stop} onPointerUp={stop} onClick={stop}>
        <ShareBetDialog
          card={card}
          sharer={sharer}
          roomCode={message.type === 'room' ? message.roomCode : undefined}
          visible={open}
          onClose={() => setOpen(false)}
        />
      </span>
    </>
  );
}

/** Type 9 in chat: a shared result, with the profit in red (won) or green (lost). */
export function SharedResultMessage({ message }: CardProps) {
  const card = useMemo(
    () => parseCard<SharedResultCard>(SharedResultCard, message.message),
    [message.message],
  );
  if (!card) return <span className="chat-text">[战绩]</span>;
  const r = card.data[0]!;
  const profit = Number(r.profit);
  const yuan2 = (n: number) => Number(n).toFixed(2);
  return (
    <div className="share-card result" data-testid="share-result-card">
      <span className="share-card-head">
        <b>分享战绩</b>
        <small>{r.dateName}</small>
      </span>
      <span className="share-result-grid">
        <span>
          投注<b>{yuan2(r.betAmount)}</b>
        </span>
        <span>
          中奖<b>{yuan2(r.returnAmount)}</b>
        </span>
        <span>
          盈利<b className={profit >= 0 ? 'win' : 'loss'}>{yuan2(r.profit)}</b>
        </span>
      </span>
    </div>
  );
}
