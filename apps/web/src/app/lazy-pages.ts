import { lazy } from 'react';

// Every page is its own chunk; the entry holds only React, the router, i18n, the stores and the guard.
// React.lazy needs a default export, and the codebase has named exports only, hence the `.then` mapping.

export const AuthPage = lazy(() => import('../features/auth/auth-page').then((m) => ({ default: m.AuthPage })));
export const InvitePage = lazy(() => import('../features/invite/invite-page').then((m) => ({ default: m.InvitePage })));

// The frame (toolbar, sidebars, header) is one chunk shared by every signed-in page.
const shell = () => import('./layout/shell');
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
