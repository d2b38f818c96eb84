import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { syncServerTime } from '../../../shared/api/clock-sync';
import { afterNextPaint } from '../../../shared/lib/after-paint';
import { zhCN } from '../../../shared/locales/zh-CN';
import { showAlert } from '../../../shared/ui/feedback';

/**
 * Whether the server clock offset is measured (the app's own measurement at start-up when it is
 * still under way, betting.md §4); without it the dialog 因无法同步服务器时间... and back to /home.
 */
export function useServerClockSynced(): boolean {
  const navigate = useNavigate();
  const [synced, setSynced] = useState(false);
  useEffect(() => {
    let alive = true;
    // once the screen is on show: its answer is not needed to draw it (issue 10)
    afterNextPaint(() => {
      void syncServerTime().then(async (offset) => {
        if (!alive) return;
        if (offset === undefined) {
          await showAlert(zhCN.serverTimeFailed);
          void navigate('/home');
          return;
        }
        setSynced(true);
      });
    });
    return () => {
      alive = false;
    };
  }, [navigate]);
  return synced;
}
