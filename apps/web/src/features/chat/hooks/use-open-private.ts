import { Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/envelope';
import { getDirectRoom } from '../api/direct';

/** 私聊 from the online list or a player card: fetch or create the direct room, then open it. */
export function useOpenPrivate(onOpened: () => void) {
  const navigate = useNavigate();
  return async (targetUserId: number | string) => {
    const toast = Toast.show({ icon: 'loading', content: '正在打开密聊', duration: 0 });
    try {
      const dm = await getDirectRoom({ targetUserId });
      toast.close();
      onOpened();
      void navigate(
        `/chat/${dm.roomId}?account=${encodeURIComponent(dm.targetUser.userName)}&userId=${dm.targetUser.userId}`,
      );
    } catch (error) {
      toast.close();
      if (error instanceof ApiError && !error.handled) Toast.show({ content: error.message });
    }
  };
}
