import type { OnlineMember } from '@lottery/contract/chat';
import type { ReactNode } from 'react';
import { useUserStore } from '../../../shared/stores/user';
import type { PlayerCard, RoomSettings } from '../api/types';
import { canPrivateChat } from '../model/mentions';
import { MuteManagePopup } from './mute-manage-popup';
import { OnlineMembersPopup } from './online-members-popup';
import { PlayerCardPopup } from './player-card-popup';
import { RoomInfoPopup } from './room-info-popup';
import type { RoomPopup } from './use-room-envelopes';

interface Props {
  room: RoomSettings | undefined;
  /** A room (not a private chat). */
  inRoom: boolean;
  guest: boolean;
  selfId: string;
  isManager: boolean;
  showProfit: boolean;
  popup: RoomPopup;
  setPopup(popup: RoomPopup): void;
  presenceVersion: number;
  cardUserId: string | undefined;
  onCloseCard(): void;
  onRoomMuted(on: boolean): void;
  onMention(member: { userId: string; name: string }): void;
  onPrivate(userId: number | string): void;
  /** The envelope dialogs of this room (members only). */
  envelopes: ReactNode;
}

/** The room's people popups: 房间资料, 禁言管理, 在线成员 (and @ mentions), 玩家信息, envelopes. */
export function RoomPopups(p: Props) {
  const grade = useUserStore((s) => s.user?.grade ?? 0);
  const viewer = { userId: p.selfId, grade, isManager: p.isManager };
  const close = () => p.setPopup('none');
  return (
    <>
      {p.room && p.inRoom ? (
        <>
          <RoomInfoPopup
            visible={p.popup === 'info'}
            room={p.room}
            onClose={close}
            onMuteManage={() => p.setPopup('mute')}
            onOnline={() => p.setPopup('online')}
          />
          {p.isManager ? (
            <MuteManagePopup
              visible={p.popup === 'mute'}
              roomCode={p.room.roomCode}
              isMessageBanned={p.room.isMessageBanned}
              onClose={() => p.setPopup('info')}
              onRoomMuted={p.onRoomMuted}
            />
          ) : null}
          <OnlineMembersPopup
            visible={p.popup === 'online' || p.popup === 'mention'}
            mentionMode={p.popup === 'mention'}
            roomCode={p.room.roomCode}
            isManager={p.isManager}
            selfId={p.selfId}
            presenceVersion={p.presenceVersion}
            onClose={close}
            onMention={p.onMention}
            canPrivate={(m: OnlineMember) => canPrivateChat(viewer, m)}
            onPrivate={(m: OnlineMember) => p.onPrivate(m.userId)}
          />
        </>
      ) : null}
      {p.guest ? null : (
        <>
          <PlayerCardPopup
            userId={p.cardUserId}
            roomCode={p.room?.roomCode}
            isManager={p.isManager}
            showProfit={p.showProfit}
            canPrivate={(card: PlayerCard) =>
              canPrivateChat(viewer, { userId: String(card.userId), grade: card.grade })
            }
            onPrivate={(card) => p.onPrivate(card.userId)}
            onClose={p.onCloseCard}
          />
          {p.envelopes}
        </>
      )}
    </>
  );
}
