import { BellOutline } from 'antd-mobile-icons';
import { zhCN } from '../../shared/locales/zh-CN';
import { useUiStore } from '../../shared/stores/ui';

/** 您有一条新的消息 at the top; the store hides it after 2 s. */
export function MessagePopup() {
  const visible = useUiStore((s) => s.messagePopup);
  if (!visible) return null;
  return (
    <div className="message-popup" role="alert">
      <BellOutline />
      {zhCN.newMessage}
    </div>
  );
}
