/** Every route of spec §2, in one place. Build links with the helpers, never by hand. */
export const ROUTES = {
  root: '/',
  auth: '/auth',
  channels: '/channels',
  friends: '/channels/@me',
  calls: '/channels/@me/calls',
  calendar: '/channels/@me/calendar',
  dm: '/channels/@me/:dmId',
  group: '/channels/:groupId',
  channel: '/channels/:groupId/:channelId',
  settings: '/settings',
  settingsMy: '/settings/my',
  settingsIntegrations: '/settings/integrations',
  settingsAudioVideo: '/settings/audio-video',
  invite: '/invite/:code',
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

/** Spec §2 route groups: `auth` (no layout bar) and `home` (the app frame). */
export const ROUTE_GROUPS = {
  auth: [ROUTES.auth],
  home: [
    ROUTES.friends,
    ROUTES.calls,
    ROUTES.calendar,
    ROUTES.dm,
    ROUTES.group,
    ROUTES.channel,
    ROUTES.settingsMy,
    ROUTES.settingsIntegrations,
    ROUTES.settingsAudioVideo,
  ],
} as const;

/** Routes reachable without signing in. `/invite/:code` is deliberately not public: sign in, then come back. */
export const PUBLIC_ROUTES: readonly string[] = [ROUTES.auth];

/** Spec §2 redirects. */
export const ROUTE_REDIRECTS: Readonly<Record<string, string>> = {
  [ROUTES.root]: ROUTES.friends,
  [ROUTES.channels]: ROUTES.friends,
  [ROUTES.settings]: ROUTES.settingsMy,
};

const seg = encodeURIComponent;

export function dmPath(dmId: string): string {
  return `${ROUTES.friends}/${seg(dmId)}`;
}

export function groupPath(groupId: string): string {
  return `${ROUTES.channels}/${seg(groupId)}`;
}

export function channelPath(groupId: string, channelId: string): string {
  return `${groupPath(groupId)}/${seg(channelId)}`;
}

export function invitePath(code: string): string {
  return `/invite/${seg(code)}`;
}

/** `/auth?redirect=<path+search>`; the value is URL-encoded (so `/settings/my` → `%2Fsettings%2Fmy`). */
export function authPath(options: { redirect?: string | null; forced?: boolean } = {}): string {
  const query: string[] = [];
  if (options.forced) query.push('forced=true');
  if (options.redirect) query.push(`redirect=${encodeURIComponent(options.redirect)}`);
  return query.length > 0 ? `${ROUTES.auth}?${query.join('&')}` : ROUTES.auth;
}
