import { type ComponentType, createElement, lazy, type ReactElement } from 'react';
import { loadAppCatalogue } from '../lib/i18n/i18n';
import { ROUTES } from './routes';

// Every page is its own chunk; the entry holds only React, the router, i18n, the stores and the guard.
// React.lazy needs a default export, and the codebase has named exports only, hence the `.then` mapping.

let loadedAuthPage: ComponentType | null = null;
const authPage = () =>
  import('../features/auth/auth-page').then((m) => {
    loadedAuthPage = m.AuthPage;
    return m;
  });
const LazyAuthPage = lazy(() => authPage().then((m) => ({ default: m.AuthPage })));

/**
 * The sign-in page, rendered directly once its chunk is here. Through React.lazy alone it would suspend on its first
 * render even with the chunk already loaded (lazy only learns so from its own promise), and React holds back the
 * content of a boundary that just showed its fallback for 300 ms: a cold /auth waited that long with nothing to do.
 */
export function AuthPage(): ReactElement {
  return createElement(loadedAuthPage ?? LazyAuthPage);
}

/**
 * Opened on /auth, the page's chunk starts loading at once, in parallel with start-up, and start-up waits for it
 * (`bootstrap`), so the router's first render has it. Other paths preload nothing: the guard may still send them
 * elsewhere.
 */
export function preloadInitialPage(pathname: string): Promise<void> {
  if (pathname !== ROUTES.auth) return Promise.resolve();
  // A failed load is not start-up's problem: React.lazy retries it on render and reports it there.
  return authPage().then(
    () => undefined,
    () => undefined,
  );
}
// Pages outside /auth also wait for the signed-in strings (`lib/i18n/ru.ts`), fetched in parallel with their chunk.
export const InvitePage = lazy(() =>
  Promise.all([import('./signed-in/invite-root'), loadAppCatalogue()]).then(([m]) => ({
    default: m.InviteRoot,
  })),
);

// An unknown address: outside the frame, like the invite page, so a bad link costs no shell or connection.
export const NotFoundPage = lazy(() =>
  Promise.all([import('../features/not-found/not-found-page'), loadAppCatalogue()]).then(([m]) => ({
    default: m.NotFoundPage,
  })),
);

// The frame (toolbar, sidebars, header) is one chunk shared by every signed-in page.
// Every page below renders inside it, so the shell is where the signed-in strings arrive.
const shell = () => Promise.all([import('./layout/shell'), loadAppCatalogue()]).then(([m]) => m);
export const AppLayout = lazy(() => shell().then((m) => ({ default: m.AppLayout })));
export const HomeLayout = lazy(() => shell().then((m) => ({ default: m.HomeLayout })));
export const GroupLayout = lazy(() => shell().then((m) => ({ default: m.GroupLayout })));
export const SettingsLayout = lazy(() => shell().then((m) => ({ default: m.SettingsLayout })));

export const FriendsPage = lazy(() =>
  import('../features/friends/friends-page').then((m) => ({ default: m.FriendsPage })),
);
export const CallsPage = lazy(() => import('../features/home/calls-page').then((m) => ({ default: m.CallsPage })));
export const CalendarPage = lazy(() =>
  import('../features/home/calendar-page').then((m) => ({ default: m.CalendarPage })),
);
export const DmPage = lazy(() => import('../features/chats/chat-page').then((m) => ({ default: m.ChatPage })));
export const GroupPage = lazy(() => import('../features/groups/group-page').then((m) => ({ default: m.GroupPage })));
export const MyAccountPage = lazy(() =>
  import('../features/settings/my-account-page').then((m) => ({ default: m.MyAccountPage })),
);
export const IntegrationsPage = lazy(() =>
  import('../features/settings/integrations-page').then((m) => ({ default: m.IntegrationsPage })),
);
export const AudioVideoPage = lazy(() =>
  import('../features/settings/audio-video-page').then((m) => ({ default: m.AudioVideoPage })),
);
