import { NavBar } from 'antd-mobile';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isWebview } from '../../shared/lib/env';
import { readJson, STORAGE_KEYS } from '../../shared/lib/storage';
import { backAction } from '../back';
import type { RouteMeta } from '../route-meta';

// Only the login and register headers (and the webview's user centre) carry the service button.
const ServiceButton = lazy(async () => ({
  default: (await import('../../shared/ui/service-button')).ServiceButton,
}));

export function showsService(meta: RouteMeta): boolean {
  return meta.service === true || (meta.service === 'webview' && isWebview());
}

/** The red header of every page that does not draw its own: back arrow, title, service button. */
export function AppHeader({ meta }: { meta: RouteMeta }) {
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();

  const onBack = () => {
    const action = backAction({
      pathname: location.pathname,
      search: location.search,
      params,
      storedFrom: readJson<string>(STORAGE_KEYS.backFrom),
      meta,
    });
    if (action.kind === 'history') void navigate(-1);
    else void navigate(action.to);
  };

  return (
    <NavBar
      className="app-header"
      back={meta.tab ? null : ''}
      backIcon={meta.tab ? false : undefined}
      onBack={onBack}
      right={
        showsService(meta) ? (
          <Suspense fallback={null}>
            <ServiceButton />
          </Suspense>
        ) : null
      }
    >
      {meta.title}
    </NavBar>
  );
}
