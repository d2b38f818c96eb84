import { REMARK_MAX } from '@lottery/contract/chat';
import type { ChatApi } from '@lottery/contract/chat-api';
import { Code } from '@lottery/contract/codes';
import { FAMILIES, type Family } from '@lottery/rules/family';
import { FAMILY_LOTTERY_TYPE, LOTTERY_TYPES, lotteryByCode } from '@lottery/rules/lotteries';
import { Button, Popup, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CallReply } from '../api/call';
import { displayMoney } from '../format';
import { LotteryIcon } from './lottery-icon';
import './player-card.css';

/**
 * 玩家信息 (spec §2, §3): one card for the chat room's player popup and the discovery pages (popup
 * and /playerInfo). Each feature fetches the card and decides the actions (私聊, 备注); the drawing
 * and the 添加备注 popup are here.
 */
export type PlayerCard = CallReply<typeof ChatApi.card>;

/** users.gender: 0 女, 1 男, anything else 保密 (spec §2). */
const GENDER = ['女', '男'];

/** A family's name as the lottery types name it (spec §2: 快三, 时时彩, 11选5, …). */
const familyName = (family: Family) =>
  LOTTERY_TYPES.find((t) => t.lotteryType === FAMILY_LOTTERY_TYPE[family])?.name ?? family;

/** The families a player has bet on, from the card's playedLottery (lottery codes, comma separated). */
export function playedFamilies(playedLottery: string | undefined): Set<string> {
  const families = new Set<string>();
  for (const code of (playedLottery ?? '').split(',')) {
    const family = lotteryByCode(code.trim())?.family;
    if (family) families.add(family);
  }
  return families;
}

interface PlayerCardBodyProps {
  card: PlayerCard;
  /** 累计中奖, where the operator shows winnings on cards (site config showCardProfit). */
  showProfit: boolean;
  canPrivate: boolean;
  canRemark: boolean;
  onPrivate(): void;
  onRemark(): void;
  /** A link of the card leaves the popup (a lottery's hall). */
  onLeave?: () => void;
}

/** The card itself: head, 私聊 / 备注, Ta喜欢的彩票 (every family, the played ones in colour), 累计中奖. */
export function PlayerCardBody({
  card,
  showProfit,
  canPrivate,
  canRemark,
  onPrivate,
  onRemark,
  onLeave,
}: PlayerCardBodyProps) {
  const played = playedFamilies(card.playedLottery);
  return (
    <div className="player-card-body" data-testid="player-card">
      <h3>玩家信息</h3>
      <div className="player-head">
        <img src={card.avatar || '/static/brand/icon.svg'} alt="" />
        <div>
          <strong data-testid="player-nick">{card.nickName || card.nickname || '未设置昵称'}</strong>
          <p data-testid="player-account">账号：{card.userName}</p>
          <p>
            性别：{GENDER[card.sex] ?? '保密'} <span className="player-grade">{card.gradeName}</span>
          </p>
        </div>
      </div>
      {canPrivate || canRemark ? (
        <div className="player-actions">
          {canPrivate ? (
            <Button size="small" color="primary" onClick={onPrivate}>
              私聊
            </Button>
          ) : null}
          {canRemark ? (
            <Button size="small" onClick={onRemark}>
              备注
            </Button>
          ) : null}
        </div>
      ) : null}
      <h4>Ta喜欢的彩票</h4>
      <div className="player-lotteries">
        {FAMILIES.map((family) => {
          const on = played.has(family);
          return (
            <Link
              key={family}
              className={on ? 'played' : undefined}
              data-played={on}
              aria-label={familyName(family)}
              to={`/lotteryHall?key=${family}`}
              onClick={onLeave}
            >
              <LotteryIcon family={family} size={40} />
              <span>{familyName(family)}</span>
            </Link>
          );
        })}
      </div>
      {showProfit && card.totalBonus !== undefined ? (
        <p className="player-profit" data-testid="player-profit">
          累计中奖 <b>{displayMoney(card.totalBonus)}</b> 元
        </p>
      ) : null}
    </div>
  );
}

interface RemarkPopupProps {
  visible: boolean;
  value: string;
  onChange(value: string): void;
  onClose(): void;
  /** chat/setMemberRemark; undefined when the call failed (the client has said why). */
  save(remark: string): Promise<{ code: number; msg: string } | undefined>;
}

/** 添加备注: a manager's note on the player (≤ 200 characters); closes once saved. */
export function RemarkPopup({ visible, value, onChange, onClose, save }: RemarkPopupProps) {
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (saving) return;
    setSaving(true);
    const envelope = await save(value).catch(() => undefined);
    setSaving(false);
    if (!envelope) return;
    Toast.show({ content: envelope.code === Code.OK ? envelope.msg || '修改成功' : envelope.msg });
    if (envelope.code === Code.OK) onClose();
  };
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="remark-popup">
      <h3>添加备注</h3>
      <TextArea
        placeholder="请填写200字内备注"
        maxLength={REMARK_MAX}
        showCount
        rows={4}
        value={value}
        onChange={onChange}
      />
      <Button block color="primary" loading={saving} onClick={() => void submit()}>
        保 存
      </Button>
    </Popup>
  );
}
