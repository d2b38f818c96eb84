import { NavBar } from 'antd-mobile';
import { MoreOutline, UserOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';

interface Props {
  title: string;
  guest: boolean;
  /** An unlocked room shows its tools (online members, room info) and its online count. */
  roomTools: boolean;
  onlineCount: number | undefined;
  onBack: () => void;
  onOnline: () => void;
  onInfo: () => void;
  /** Opens the long-dragon helper; absent when the app registered none or for guests. */
  onLongDragon?: () => void;
}

/** The room's title bar: back, the title with 在线 N 人, and 注册 for guests or the room tools. */
export function ChatRoomHeader({
  title,
  guest,
  roomTools,
  onlineCount,
  onBack,
  onOnline,
  onInfo,
  onLongDragon,
}: Props) {
  const navigate = useNavigate();
  return (
    <NavBar
      className="app-header chat-header"
      onBack={onBack}
      right={
        guest ? (
          <button type="button" className="chat-register" onClick={() => void navigate('/register')}>
            注册
          </button>
        ) : roomTools ? (
          <span className="chat-header-tools">
            {onLongDragon ? (
              <button type="button" className="chat-dragon" aria-label="长龙" onClick={onLongDragon}>
                长龙
              </button>
            ) : null}
            <button type="button" aria-label="在线成员" onClick={onOnline}>
              <UserOutline />
            </button>
            <button type="button" aria-label="房间资料" onClick={onInfo}>
              <MoreOutline />
            </button>
          </span>
        ) : null
      }
    >
      <div className="chat-title">
        <span>{title}</span>
        {onlineCount !== undefined ? <small>在线 {onlineCount} 人</small> : null}
      </div>
    </NavBar>
  );
}
