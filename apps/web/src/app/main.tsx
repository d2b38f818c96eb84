import 'dayjs/locale/zh-cn';
import '../shared/ui/theme.css';
import { Dialog, Toast, unstableSetRender } from 'antd-mobile';
import dayjs from 'dayjs';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configureResponseEffects } from '../shared/api/client';
import { syncServerTime } from '../shared/api/clock-sync';
import { Providers } from './providers';
import { createAppRouter } from './router';
import { checkStoredSession } from './session';

dayjs.locale('zh-cn');

// antd-mobile 5 renders Toast/Dialog with the legacy ReactDOM.render unless told otherwise;
// React 19 removed it, so hand it createRoot once, before anything can show a toast.
const roots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});

const router = createAppRouter();

configureResponseEffects({
  toast: (message) => Toast.show({ content: message, duration: 2000 }),
  alert: (message) => Dialog.alert({ content: message, confirmText: '确定' }),
  navigate: (path) => void router.navigate(path),
  currentPath: () => router.state.location.pathname + router.state.location.search,
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

void checkStoredSession();
void syncServerTime();
