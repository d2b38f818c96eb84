import { REMARK_MAX } from '@lottery/contract/chat';
import { Code } from '@lottery/contract/codes';
import { FAMILIES } from '@lottery/rules/family';
import { FAMILY_LOTTERY_TYPE, LOTTERY_TYPES, lotteryByCode } from '@lottery/rules/lotteries';
import { Button, Popup, TextArea, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LotteryIcon } from '../../../shared/ui/lottery-icon';
import { getPlayerCard, getRemark, setRemark } from '../api/members';
import type { PlayerCard } from '../api/types';

const GENDER = ['女', '男'];

/** A family's name as the lottery types name it (spec §2: 快三, 时时彩, 11选5, …). */
const familyName = (family: (typeof FAMILIES)[number]) =>
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

interface Props {
  userId: string | undefined;
  roomCode?: string;
  isManager: boolean;
  showProfit: boolean;
  canPrivate(card: PlayerCard): boolean;
  onPrivate(card: PlayerCard): void;
  onClose(): void;
}

/** 玩家信息 with 私聊 and 备注 (managers), Ta喜欢的彩票, 累计中奖 when showCardProfit; 添加备注 popup. */
export function PlayerCardPopup({
  userId,
  roomCode,
  isManager,
  showProfit,
  canPrivate,
  onPrivate,
  onClose,
}: Props) {
  const [card, setCard] = useState<PlayerCard>();
  const [remarkOpen, setRemarkOpen] = useState(false);
  const [remark, setRemarkText] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setCard(undefined);
    if (!userId) return;
    getPlayerCard(userId, roomCode)
      .then(setCard)
      .catch(() => onClose());
  }, [userId, roomCode, onClose]);

  const openRemark = async () => {
    if (!card) return;
    const current = await getRemark(card.userId).catch(() => null);
    setRemarkText(current?.remark ?? '');
    setRemarkOpen(true);
  };

  const saveRemark = async () => {
    if (!card || saving) return;
    setSaving(true);
    const envelope = await setRemark(card.userId, remark).catch(() => undefined);
    setSaving(false);
    if (!envelope) return;
    Toast.show({ content: envelope.code === Code.OK ? envelope.msg || '修改成功' : envelope.msg });
    if (envelope.code === Code.OK) setRemarkOpen(false);
  };

  const played = playedFamilies(card?.playedLottery);
  return (
    <>
      <Popup visible={Boolean(userId && card)} onMaskClick={onClose} bodyClassName="player-card">
        {card ? (
          <div data-testid="player-card">
            <h3>玩家信息</h3>
            <div className="player-head">
              <img src={card.avatar} alt="" />
              <div>
                <strong>{card.nickName || card.nickname || '未设置昵称'}</strong>
                <p>账号：{card.userName}</p>
                <p>
                  性别：{GENDER[card.sex] ?? '保密'} <span className="chat-grade">{card.gradeName}</span>
                </p>
              </div>
            </div>
            <div className="player-actions">
              {canPrivate(card) ? (
                <Button size="small" color="primary" onClick={() => onPrivate(card)}>
                  私聊
                </Button>
              ) : null}
              {isManager ? (
                <Button size="small" onClick={() => void openRemark()}>
                  备注
                </Button>
              ) : null}
            </div>
            <h4>Ta喜欢的彩票</h4>
            {/* every family's icon, the played ones in colour, each opening its hall (spec §2) */}
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
                    onClick={onClose}
                  >
                    <LotteryIcon family={family} size={40} />
                    <span>{familyName(family)}</span>
                  </Link>
                );
              })}
            </div>
            {showProfit && card.totalBonus !== undefined ? (
              <p className="player-profit">
                累计中奖 <b>{card.totalBonus}</b> 元
              </p>
            ) : null}
          </div>
        ) : null}
      </Popup>
      <Popup visible={remarkOpen} onMaskClick={() => setRemarkOpen(false)} bodyClassName="remark-popup">
        <h3>添加备注</h3>
        <TextArea
          placeholder="请填写200字内备注"
          maxLength={REMARK_MAX}
          showCount
          rows={4}
          value={remark}
          onChange={setRemarkText}
        />
        <Button block color="primary" loading={saving} onClick={() => void saveRemark()}>
          保 存
        </Button>
      </Popup>
    </>
  );
}
