import { Suspense } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { useUserStore } from '../features/auth/user-store';
import { decideRoute } from './guard';
import {
  AppLayout,
  AudioVideoPage,
  AuthPage,
  CalendarPage,
  CallsPage,
  DmPage,
  FriendsPage,
  GroupLayout,
  GroupPage,
  HomeLayout,
  IntegrationsPage,
  InvitePage,
  MyAccountPage,
  NotFoundPage,
  SettingsLayout,
} from './lazy-pages';
import { ROUTES } from './routes';
import { Splash } from './splash';

/** The one guard (spec §2), applied to every route through a layout route. */
function Guard() {
  const location = useLocation();
  const authenticated = useUserStore((state) => state.authenticated);
  const signedOutByUser = useUserStore((state) => state.signedOutByUser);
  const decision = decideRoute({
    pathname: location.pathname,
    search: location.search,
    authenticated,
    signedOutByUser,
  });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <Suspense fallback={<Splash />}>
      <Outlet />
    </Suspense>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Guard />}>
        <Route path={ROUTES.auth} element={<AuthPage />} />
        <Route path={ROUTES.invite} element={<InvitePage />} />
        <Route element={<AppLayout />}>
          <Route element={<HomeLayout />}>
            <Route path={ROUTES.friends} element={<FriendsPage />} />
            <Route path={ROUTES.calls} element={<CallsPage />} />
            <Route path={ROUTES.calendar} element={<CalendarPage />} />
            <Route path={ROUTES.dm} element={<DmPage />} />
          </Route>
          <Route element={<GroupLayout />}>
            <Route path={ROUTES.group} element={<GroupPage />} />
            <Route path={ROUTES.channel} element={<GroupPage />} />
          </Route>
          <Route element={<SettingsLayout />}>
            <Route path={ROUTES.settingsMy} element={<MyAccountPage />} />
            <Route path={ROUTES.settingsIntegrations} element={<IntegrationsPage />} />
            <Route path={ROUTES.settingsAudioVideo} element={<AudioVideoPage />} />
          </Route>
        </Route>
        {/* `/`, `/channels` and `/settings` are redirected by the guard; anything unknown says so (a signed-out
            visitor signs in first, as on any other route). */}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
