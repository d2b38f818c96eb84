import { Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { PlayerCardBody, RemarkPopup } from '../../../shared/ui/player-card';
import { getPlayerCard, getRemark, setRemark } from '../api/members';
import type { PlayerCard } from '../api/types';

interface Props {
  userId: string | undefined;
  roomCode?: string;
  isManager: boolean;
  showProfit: boolean;
  canPrivate(card: PlayerCard): boolean;
  onPrivate(card: PlayerCard): void;
  onClose(): void;
}

/** 玩家信息 in a room, with 私聊 and 备注 (managers); the card is shared/ui's. */
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

  return (
    <>
      <Popup visible={Boolean(userId && card)} onMaskClick={onClose} bodyClassName="player-card-popup">
        {card ? (
          <PlayerCardBody
            card={card}
            showProfit={showProfit}
            canPrivate={canPrivate(card)}
            canRemark={isManager}
            onPrivate={() => onPrivate(card)}
            onRemark={() => void openRemark()}
            onLeave={onClose}
          />
        ) : null}
      </Popup>
      <RemarkPopup
        visible={remarkOpen}
        value={remark}
        onChange={setRemarkText}
        onClose={() => setRemarkOpen(false)}
        save={(text) => setRemark(card?.userId ?? 0, text)}
      />
    </>
  );
}
