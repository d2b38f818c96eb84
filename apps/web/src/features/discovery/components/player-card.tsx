import { REMARK_MAX } from '@lottery/contract/chat';
import { Code } from '@lottery/contract/codes';
import { FAMILIES, type Family } from '@lottery/rules/family';
import { FAMILY_LOTTERY_TYPE, LOTTERY_TYPES, lotteryByCode } from '@lottery/rules/lotteries';
import { Button, Popup, TextArea, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { displayMoney } from '../../../shared/format';
import { useSiteStore } from '../../../shared/stores/site';
import { useUserStore } from '../../../shared/stores/user';
import { LotteryIcon } from '../../../shared/ui/lottery-icon';
import { getPlayerCard, getRemark, openDirectRoom, type PlayerCard, setRemark } from '../api/discovery';

/** users.gender: 0 女, 1 男, anything else 保密 (spec §2). */
const GENDER = ['女', '男'];

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
  const [saving, setSaving] = useState(false);
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

  const saveRemark = async () => {
    if (!card || saving) return;
    setSaving(true);
    const envelope = await setRemark(card.userId, remark).catch(() => undefined);
    setSaving(false);
    if (!envelope) return;
    Toast.show({ content: envelope.code === Code.OK ? envelope.msg || '修改成功' : envelope.msg });
    if (envelope.code === Code.OK) setRemarkOpen(false);
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
  const played = playedFamilies(card.playedLottery);
  return (
    <div className="discovery-card" data-testid="player-card">
      <h3>玩家信息</h3>
      <div className="discovery-card-head">
        <img src={card.avatar || '/static/brand/icon.svg'} alt="" />
        <div>
          <strong data-testid="player-nick">{card.nickName || card.nickname || '未设置昵称'}</strong>
          <p data-testid="player-account">账号：{card.userName}</p>
          <p>
            性别：{GENDER[card.sex] ?? '保密'} <span className="discovery-grade">{card.gradeName}</span>
          </p>
        </div>
      </div>
      {viewer && (canPrivate(viewer, card, manager) || manager) ? (
        <div className="discovery-card-actions">
          {canPrivate(viewer, card, manager) ? (
            <Button size="small" color="primary" onClick={() => void privateChat()}>
              私聊
            </Button>
          ) : null}
          {manager ? (
            <Button size="small" onClick={() => setRemarkOpen(true)}>
              备注
            </Button>
          ) : null}
        </div>
      ) : null}
      <h4>Ta喜欢的彩票</h4>
      <div className="discovery-card-lotteries">
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
        <p className="discovery-card-profit" data-testid="player-profit">
          累计中奖 <b>{displayMoney(card.totalBonus)}</b> 元
        </p>
      ) : null}
      <Popup visible={remarkOpen} onMaskClick={() => setRemarkOpen(false)} bodyClassName="discovery-remark">
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
    </div>
  );
}

/** 玩家信息 as a bottom popup over the lists. */
export function PlayerCardPopup({ userId, onClose }: { userId: number | undefined; onClose: () => void }) {
  return (
    <Popup visible={userId !== undefined} onMaskClick={onClose} bodyClassName="discovery-card-popup">
      {userId !== undefined ? <PlayerCardView userId={String(userId)} onLeave={onClose} /> : null}
    </Popup>
  );
}
