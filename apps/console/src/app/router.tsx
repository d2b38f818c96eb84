import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { SignInPage } from '../features/auth/sign-in-page';
import { HomePage } from '../features/home/home-page';
import { ComingSoon } from '../shared/coming-soon';
import { DESKS } from './desks';
import { PageLoading, Shell } from './shell';

const StaffPage = lazy(() => import('../features/staff/staff-page').then((m) => ({ default: m.StaffPage })));
const AuditPage = lazy(() => import('../features/audit/audit-page').then((m) => ({ default: m.AuditPage })));
const EnrolPage = lazy(() => import('../features/auth/enrol-page').then((m) => ({ default: m.EnrolPage })));
const PlayersPage = lazy(() =>
  import('../features/players/players-page').then((m) => ({ default: m.PlayersPage })),
);
const FinancePage = lazy(() =>
  import('../features/finance/finance-page').then((m) => ({ default: m.FinancePage })),
);
const PlayerPage = lazy(() =>
  import('../features/players/player-page').then((m) => ({ default: m.PlayerPage })),
);

/** The console's routes under /console (the server sends index.html for each, plugins/console-static.ts). */
export const routes: RouteObject[] = [
  { path: '/login', element: <SignInPage /> },
  {
    path: '/enrol',
    element: (
      <Suspense fallback={<PageLoading />}>
        <EnrolPage />
      </Suspense>
    ),
  },
  {
    element: <Shell />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'staff', element: <StaffPage /> },
      { path: 'audit', element: <AuditPage /> },
      { path: 'finance', element: <FinancePage /> },
      { path: 'players', element: <PlayersPage /> },
      { path: 'players/:userId', element: <PlayerPage /> },
      // part 2's desks: in the menu already, 即将开放 for now
      ...DESKS.filter((desk) => !desk.ready).map((desk) => ({
        path: desk.path.slice(1),
        element: <ComingSoon title={desk.label} />,
      })),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes, { basename: '/console' });
