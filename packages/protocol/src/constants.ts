/** Business constants of spec §9, shared by the server and the clients. */
export const API_PREFIX = '/api';
export const API_REQUEST_TIMEOUT_MS = 10_000;

/**
 * Readable by scripts, unlike the access and refresh cookies: "this browser may have a session", set and cleared
 * with them. It holds no secret (its value is `1`), so reading or forging it gains nothing: the web app only uses it
 * to skip the session check (and its expected 401s) on a visit that cannot be signed in, and shows the sign-in form
 * at once.
 */
export const SESSION_HINT_COOKIE = 'beseda_session';

export const REALTIME = {
  path: '/connection/websocket',
  minReconnectDelayMs: 500,
  maxReconnectDelayMs: 20_000,
  timeoutMs: 5_000,
  maxServerPingDelayMs: 10_000,
} as const;

export const VOICE_HEARTBEAT_INTERVAL_MS = 15_000;
export const TYPING_DEBOUNCE_MS = 1_000;
export const LINK_PREVIEW_DEBOUNCE_MS = 1_000;

export const SIDEBAR_DEFAULT_WIDTH = 360;
export const SIDEBAR_SAVE_DEBOUNCE_MS = 200;

export const TOAST_TTL_MS = 5_000;
export const TOAST_HIDE_MS = 160;
export const TOAST_MAX = 6;

export const AVATAR_MAX_BYTES = 3 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const FRIENDS_NARROW_BREAKPOINT_PX = 652;
/** Spec §9 calls page: the history's virtual scroller (row height, items rendered at most, buffer, re-sort delay). */
export const HISTORY_ROW_HEIGHT = 72;
export const HISTORY_MAX_RENDERED = 1000;
export const HISTORY_BUFFER_PX = 200;
export const HISTORY_RESORT_DELAY_MS = 300;
export const LOCAL_DB_VERSION = 1;
export const DEFAULT_LANGUAGE = 'ru_RU';
