// first: before any module builds a zod schema
import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { whenSignedOut } from './api/call';
import { Providers, queryClient } from './app/providers';
import { createRouter } from './app/router';
import { meQuery, signedOut } from './app/session';
import './app/console.css';

const router = createRouter();

// A call that finds the session gone (idle timeout, disabled, ended elsewhere): back to sign-in,
// then to the page the operator was on.
whenSignedOut(() => {
  // the router's own location carries the basename (/console); its routes and navigate() do not
  const { search } = router.state.location;
  const pathname = router.state.location.pathname.replace(/^\/console(?=\/|$)/, '') || '/';
  if (pathname === '/login' || pathname === '/enrol') return;
  // never signed in on this page (a first visit): the shell sends the visitor on without "expired"
  if (!queryClient.getQueryData(meQuery.queryKey)) return;
  const next = pathname + search;
  // away from the desks first: forgetting `me` under a mounted shell would ask for it again
  void router
    .navigate(`/login?expired=1${next === '/' ? '' : `&next=${encodeURIComponent(next)}`}`, { replace: true })
    .then(() => signedOut(queryClient));
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
