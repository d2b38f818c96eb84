import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { isOnline } from '../../shared/lib/env';
import { zhCN } from '../../shared/locales/zh-CN';
import { EmptyState } from '../../shared/ui/empty-state';
import { showToast } from '../../shared/ui/feedback';
import { routeFailure } from '../route-error';

const RELOAD_KEY = 'routeChunkReloadAt';
const FAILED_TEXT = '页面加载失败，请重试';

function lastReload(): number | undefined {
  const value = Number(sessionStorage.getItem(RELOAD_KEY));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * The error element of every page route: a page that cannot load says why inside the shell (its
 * header and back arrow stay) and offers 重试, never React Router's developer page. A chunk missing
 * after a new deployment reloads the app once.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const failure = routeFailure(error, isOnline(), lastReload(), Date.now());

  useEffect(() => {
    if (failure.kind === 'reload') {
      sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
      window.location.reload();
    } else if (failure.kind === 'offline') showToast(zhCN.offline);
    else console.error(error);
  }, [failure.kind, error]);

  const retry = () => {
    if (!isOnline()) return showToast(zhCN.offline);
    window.location.reload();
  };

  if (failure.kind === 'reload') return null;
  return (
    <div className="route-error" data-testid="route-error">
      <EmptyState text={failure.kind === 'offline' ? zhCN.offline : FAILED_TEXT} />
      <button type="button" className="route-error-retry" onClick={retry}>
        重试
      </button>
    </div>
  );
}
