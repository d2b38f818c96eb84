import { Button, Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSiteStore } from '../../../shared/stores/site';
import { useUserStore } from '../../../shared/stores/user';
import { type PlayerCard, PlayerCardBody, RemarkPopup } from '../../../shared/ui/player-card';
import { getPlayerCard, getRemark, openDirectRoom, setRemark } from '../api/discovery';

/**
 * 私聊 follows the chat rule (docs/chat.md, spec §5): either side has grade 100, or the viewer manages
 * a room (known here by the viewer being allowed to keep a remark); never with oneself.
 */
export function canPrivate(
  viewer: { userId: string; grade: number } | undefined,
  card: PlayerCard,
  manager: boolean,
) {
  if (!viewer || viewer.userId === String(card.userId)) return false;
  return viewer.grade === 100 || card.grade === 100 || manager;
}

/** The body of 玩家信息: the player popup and the /playerInfo page show the same card. */
export function PlayerCardView({ userId, onLeave }: { userId: string; onLeave?: () => void }) {
  const [card, setCard] = useState<PlayerCard>();
  const [failed, setFailed] = useState(false);
  const [manager, setManager] = useState(false);
  const [remarkOpen, setRemarkOpen] = useState(false);
  const [remark, setRemarkText] = useState('');
  const showProfit = useSiteStore((s) => s.site?.showCardProfit === true);
  const user = useUserStore((s) => s.user);
  const navigate = useNavigate();
  const viewer = user?.login ? { userId: String(user.userId), grade: Number(user.grade) } : undefined;
  const viewerId = viewer?.userId;

  useEffect(() => {
    setCard(undefined);
    setFailed(false);
    setManager(false);
    // users/card answers players only: a visitor is asked to log in instead
    if (!viewerId) return;
    getPlayerCard(userId)
      .then(setCard)
      .catch(() => setFailed(true));
    if (viewerId)
      void getRemark(userId).then((r) => {
        setManager(r !== null);
        setRemarkText(r?.remark ?? '');
      });
  }, [userId, viewerId]);

  const privateChat = async () => {
    if (!card) return;
    try {
      const dm = await openDirectRoom(card.userId);
      onLeave?.();
      void navigate(
        `/chat/${dm.roomId}?account=${encodeURIComponent(dm.targetUser.userName)}&userId=${dm.targetUser.userId}`,
      );
    } catch {
      // the client has shown the server's message (无法与该用户私聊)
    }
  };

  if (!viewer) {
    const here = window.location.pathname + window.location.search;
    return (
      <div className="discovery-empty" data-testid="player-card-login">
        <p>登录后可查看玩家信息</p>
        <Button
          size="small"
          color="primary"
          onClick={() => {
            onLeave?.();
            void navigate(`/login?redirect=${encodeURIComponent(here)}`);
          }}
        >
          登录
        </Button>
      </div>
    );
  }
  if (failed) return <div className="discovery-empty">暂无数据</div>;
  if (!card) return <div className="discovery-empty">加载中...</div>;
  return (
    <>
      <PlayerCardBody
        card={card}
        showProfit={showProfit}
        canPrivate={canPrivate(viewer, card, manager)}
        canRemark={manager}
        onPrivate={() => void privateChat()}
        onRemark={() => setRemarkOpen(true)}
        onLeave={onLeave}
      />
      <RemarkPopup
        visible={remarkOpen}
        value={remark}
        onChange={setRemarkText}
        onClose={() => setRemarkOpen(false)}
        save={(text) => setRemark(card.userId, text)}
      />
    </>
  );
}

/** 玩家信息 as a bottom popup over the lists. */
export function PlayerCardPopup({ userId, onClose }: { userId: number | undefined; onClose: () => void }) {
  return (
    <Popup visible={userId !== undefined} onMaskClick={onClose} bodyClassName="player-card-popup">
      {userId !== undefined ? <PlayerCardView userId={String(userId)} onLeave={onClose} /> : null}
    </Popup>
  );
}
