import { Popup } from 'antd-mobile';
import { LeftOutline, MoreOutline, RightOutline } from 'antd-mobile-icons';
import { useMemo } from 'react';
import { beijingFormat } from '../../../shared/lib/day';
import type { RoomSettings } from '../api/types';
import { sanitizeIntro } from '../model/sanitize';

interface Props {
  visible: boolean;
  room: RoomSettings;
  onClose(): void;
  onMuteManage(): void;
  onOnline(): void;
}

/** 房间资料: image, title, sub-title, room ID, creation time, introduction (sanitised HTML). */
export function RoomInfoPopup({ visible, room, onClose, onMuteManage, onOnline }: Props) {
  const intro = useMemo(() => sanitizeIntro(room.content || ''), [room.content]);
  return (
    <Popup visible={visible} position="right" bodyClassName="chat-side-page" onMaskClick={onClose}>
      <div className="chat-side-head">
        <button type="button" aria-label="返回" onClick={onClose}>
          <LeftOutline />
        </button>
        <strong>房间资料</strong>
        <button type="button" aria-label="在线成员" onClick={onOnline}>
          <MoreOutline />
        </button>
      </div>
      <div className="room-info">
        <img className="room-info-image" src={room.imageUrl || room.avatar} alt="" />
        <h3>{room.title}</h3>
        <p className="muted">{room.subTitle}</p>
        <dl>
          <dt>房间ID</dt>
          <dd>{room.roomId}</dd>
          <dt>创建时间</dt>
          <dd>{beijingFormat(room.gmtCreated, 'YYYY/M/D HH:mm:ss')}</dd>
        </dl>
        {room.isManager ? (
          <button type="button" className="room-info-link" onClick={onMuteManage}>
            禁言管理 <RightOutline />
          </button>
        ) : null}
        <h4>房间介绍</h4>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server and again by sanitizeIntro */}
        <div className="room-intro" dangerouslySetInnerHTML={{ __html: intro }} />
      </div>
    </Popup>
  );
}
