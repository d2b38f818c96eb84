// First: zod's settings must be in place before any page module parses (see zod-jitless.ts).
import './zod-jitless';
import '../shared/ui/theme.css';
import '../shared/ui/antd-render';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configureResponseEffects } from '../shared/api/client';
import { syncServerTime } from '../shared/api/clock-sync';
import { catchInstallPrompt } from '../shared/lib/install';
import { showAlert, showToast } from '../shared/ui/feedback';
import { prefetchFirstScreen } from './prefetch';
import { Providers, queryClient } from './providers';
import { createAppRouter } from './router';
import { checkStoredSession } from './session';

// before anything else can delay it: Chromium offers installing once per load (docs/pwa.md)
catchInstallPrompt();
const router = createAppRouter();

configureResponseEffects({
  toast: (message) => showToast(message, 2000),
  alert: showAlert,
  navigate: (path) => void router.navigate(path),
  currentPath: () => router.state.location.pathname + router.state.location.search,
});

prefetchFirstScreen(queryClient, window.location.pathname);

// index.html's 加载中... placeholder leaves in the task that draws the app: Preact would otherwise
// reuse its <div> for the shell's first element and keep any attribute the shell does not set.
const container = document.getElementById('root')!;
container.replaceChildren();
createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

void checkStoredSession();
void syncServerTime();
