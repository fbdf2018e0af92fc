import { z } from 'zod';
import { PROTOCOL_VERSION } from './version.js';

/*
 * The desktop bridge (issue 16): the one typed contract between the Electron shell (`apps/desktop`) and the web app it
 * loads. The preload exposes `window.desktop` (type `DesktopBridge`) through `contextBridge`; every call crosses one of
 * the allow-listed IPC channels below, and the main process validates each payload with the schema named here before
 * acting on it — the renderer is remote web content and is never trusted.
 */

/** Bumped when the bridge changes shape; the web app reads it to know which calls exist. */
export const DESKTOP_BRIDGE_VERSION = 1;

/** The name on `window` the preload exposes the bridge under. */
export const DESKTOP_BRIDGE_KEY = 'desktop';

export const DESKTOP_PLATFORMS = ['win32', 'darwin', 'linux'] as const;
export const desktopPlatformSchema = z.enum(DESKTOP_PLATFORMS);
export type DesktopPlatform = z.infer<typeof desktopPlatformSchema>;

export const desktopWindowStateSchema = z.strictObject({
  isMaximized: z.boolean(),
  isFullscreen: z.boolean(),
});
export type DesktopWindowState = z.infer<typeof desktopWindowStateSchema>;

/** An in-app route (`/channels/@me/…`): a single leading slash, so it can never name another origin (`//evil`). */
export const desktopAppRouteSchema = z
  .string()
  .min(1)
  .max(2048)
  .regex(/^\/(?!\/)[^\s\\]*$/);

/** The unread total shown on the tray / dock / taskbar; the shell renders «99+» itself. */
export const desktopBadgeCountSchema = z.number().int().min(0).max(1_000_000);

export const desktopNotificationSchema = z.strictObject({
  title: z.string().min(1).max(200),
  body: z.string().max(2000),
  /** Where a click takes the user: the chat for a message, the chat with the call modal for a call. */
  route: desktopAppRouteSchema,
  /** Incoming calls also flash the taskbar and stay until answered. */
  kind: z.enum(['message', 'call']),
});
export type DesktopNotification = z.infer<typeof desktopNotificationSchema>;

/** 20 MB: the client's error store keeps far less; anything bigger is not a log. */
export const DESKTOP_LOG_MAX_CHARS = 20 * 1024 * 1024;

export const desktopSaveLogRequestSchema = z.strictObject({
  /** Only a plain file name: the user picks the folder in the native save dialog. */
  suggestedName: z.string().regex(/^[\w][\w .-]{0,99}$/),
  contents: z.string().max(DESKTOP_LOG_MAX_CHARS),
});
export type DesktopSaveLogRequest = z.infer<typeof desktopSaveLogRequestSchema>;

export const desktopSaveLogResultSchema = z.enum(['saved', 'cancelled']);
export type DesktopSaveLogResult = z.infer<typeof desktopSaveLogResultSchema>;

export const desktopScreenSourceSchema = z.strictObject({
  id: z.string().min(1).max(200),
  name: z.string().max(500),
  kind: z.enum(['screen', 'window']),
  /** A PNG data URL from `desktopCapturer` (the renderer cannot reach a file path or the main process's images). */
  thumbnailDataUrl: z.string().startsWith('data:image/png;base64,'),
});
export type DesktopScreenSource = z.infer<typeof desktopScreenSourceSchema>;

/** Main → renderer: the page called `getDisplayMedia`; show the picker with these sources. */
export const desktopScreenShareRequestSchema = z.strictObject({
  requestId: z.number().int().min(1),
  sources: z.array(desktopScreenSourceSchema).max(200),
  /** System audio loopback exists on Windows (and macOS 13+ through the shell); never on Linux. */
  audioAvailable: z.boolean(),
});
export type DesktopScreenShareRequest = z.infer<typeof desktopScreenShareRequestSchema>;

/** Renderer → main: the user's choice; `sourceId: null` is «Отмена». */
export const desktopScreenShareChoiceSchema = z.strictObject({
  requestId: z.number().int().min(1),
  sourceId: z.string().min(1).max(200).nullable(),
  audio: z.boolean(),
});
export type DesktopScreenShareChoice = z.infer<typeof desktopScreenShareChoiceSchema>;

const noPayload = z.undefined();
const noReply = z.void();

/**
 * Renderer → main calls (`ipcRenderer.invoke`), each with the schema of its one argument and of its reply. The main
 * process registers a handler for exactly these names and nothing else.
 */
export const DESKTOP_INVOKE_CHANNELS = {
  'desktop:window-state:get': { request: noPayload, reply: desktopWindowStateSchema },
  'desktop:window:minimize': { request: noPayload, reply: noReply },
  'desktop:window:toggle-maximize': { request: noPayload, reply: noReply },
  'desktop:window:toggle-fullscreen': { request: noPayload, reply: noReply },
  'desktop:window:close': { request: noPayload, reply: noReply },
  'desktop:badge:set': { request: desktopBadgeCountSchema, reply: noReply },
  'desktop:notify': { request: desktopNotificationSchema, reply: noReply },
  'desktop:log:save': { request: desktopSaveLogRequestSchema, reply: desktopSaveLogResultSchema },
  'desktop:screen-share:choose': { request: desktopScreenShareChoiceSchema, reply: noReply },
} as const satisfies Record<string, { request: z.ZodType; reply: z.ZodType }>;

export type DesktopInvokeChannel = keyof typeof DESKTOP_INVOKE_CHANNELS;
export type DesktopInvokeRequest<C extends DesktopInvokeChannel> = z.infer<
  (typeof DESKTOP_INVOKE_CHANNELS)[C]['request']
>;
export type DesktopInvokeReply<C extends DesktopInvokeChannel> = z.infer<(typeof DESKTOP_INVOKE_CHANNELS)[C]['reply']>;

/** Main → renderer pushes (`webContents.send`). */
export const DESKTOP_EVENT_CHANNELS = {
  'desktop:window-state': desktopWindowStateSchema,
  'desktop:screen-share:request': desktopScreenShareRequestSchema,
  /** A deep link, a notification click or a second launch: the web app routes there. */
  'desktop:navigate': desktopAppRouteSchema,
} as const satisfies Record<string, z.ZodType>;

export type DesktopEventChannel = keyof typeof DESKTOP_EVENT_CHANNELS;
export type DesktopEventPayload<C extends DesktopEventChannel> = z.infer<(typeof DESKTOP_EVENT_CHANNELS)[C]>;

export const DESKTOP_INVOKE_CHANNEL_NAMES = Object.keys(DESKTOP_INVOKE_CHANNELS) as DesktopInvokeChannel[];
export const DESKTOP_EVENT_CHANNEL_NAMES = Object.keys(DESKTOP_EVENT_CHANNELS) as DesktopEventChannel[];

export function isDesktopInvokeChannel(channel: string): channel is DesktopInvokeChannel {
  return Object.hasOwn(DESKTOP_INVOKE_CHANNELS, channel);
}

/** The shell's static facts, fixed for the life of the page. */
export interface DesktopBridgeInfo {
  readonly isDesktop: true;
  readonly bridgeVersion: number;
  /** The API protocol the shell was built with; a server reporting a newer one means «Доступна новая версия». */
  readonly protocolVersion: number;
  readonly platform: DesktopPlatform;
  readonly isMacos: boolean;
  readonly isWindows: boolean;
  readonly isLinux: boolean;
}

/** `window.desktop`: what the web app may ask of the shell. Absent in a plain browser. */
export interface DesktopBridge extends DesktopBridgeInfo {
  /** The last known state (the preload keeps it current), for `useSyncExternalStore`. */
  getWindowState(): DesktopWindowState;
  /** Called on every maximize / restore / fullscreen change; returns the unsubscribe. */
  subscribeWindowState(listener: (state: DesktopWindowState) => void): () => void;
  minimize(): Promise<void>;
  toggleMaximize(): Promise<void>;
  toggleFullscreen(): Promise<void>;
  close(): Promise<void>;
  setBadgeCount(count: number): Promise<void>;
  notify(notification: DesktopNotification): Promise<void>;
  saveLog(request: DesktopSaveLogRequest): Promise<DesktopSaveLogResult>;
  /** The page asked to share its screen: render the picker, then answer with `chooseScreenShareSource`. */
  onScreenShareRequest(listener: (request: DesktopScreenShareRequest) => void): () => void;
  chooseScreenShareSource(choice: DesktopScreenShareChoice): Promise<void>;
  /** The shell wants the app at this route (deep link, notification click). */
  onNavigate(listener: (route: string) => void): () => void;
}

/** The facts for a platform, shared by the preload and by tests that inject a fake bridge. */
export function desktopBridgeInfo(platform: DesktopPlatform): DesktopBridgeInfo {
  return {
    isDesktop: true,
    bridgeVersion: DESKTOP_BRIDGE_VERSION,
    protocolVersion: PROTOCOL_VERSION,
    platform,
    isMacos: platform === 'darwin',
    isWindows: platform === 'win32',
    isLinux: platform === 'linux',
  };
}

/*
 * The first-run screen's bridge, `window.desktopSetup`: a separate, smaller contract for the one page the shell ships
 * itself (no server exists yet). Its own preload exposes it only on that page and its own channel is accepted only
 * from that page's top frame; the server's web app never sees it.
 */

/** The name on `window` the setup preload exposes the first-run bridge under. */
export const DESKTOP_SETUP_KEY = 'desktopSetup';

/** The first-run page's one call: kept apart from `DESKTOP_INVOKE_CHANNELS`, which only the server's pages may use. */
export const DESKTOP_SETUP_CONNECT_CHANNEL = 'desktop-setup:connect';

/** What the user typed (the page has normalised it already; the main process validates it again). */
export const desktopSetupConnectRequestSchema = z.string().min(1).max(2048);

/**
 * Why an address was refused. The first six come from the address itself (the page checks them before calling, the
 * main process again); the last three from asking the server's `GET /api/health`.
 */
export const DESKTOP_SETUP_ERRORS = [
  'empty',
  'invalid',
  'scheme',
  'credentials',
  'insecure',
  'path',
  /** No answer: DNS, TLS, refused connection, timeout, or a proxy's 502/503/504. */
  'unreachable',
  /** An answer, but not Beseda's health reply. */
  'not-beseda',
  /** A Beseda server that no longer speaks this app's protocol version (426 CLIENT_OUTDATED). */
  'outdated',
] as const;
export const desktopSetupErrorSchema = z.enum(DESKTOP_SETUP_ERRORS);
export type DesktopSetupError = z.infer<typeof desktopSetupErrorSchema>;

export const desktopSetupConnectResultSchema = z.discriminatedUnion('ok', [
  /** Saved; the window is about to load `origin`. */
  z.strictObject({ ok: z.literal(true), origin: z.string() }),
  z.strictObject({ ok: z.literal(false), error: desktopSetupErrorSchema }),
]);
export type DesktopSetupConnectResult = z.infer<typeof desktopSetupConnectResultSchema>;

/** `window.desktopSetup` on the first-run page. */
export interface DesktopSetupBridge {
  /** Validates the address, asks the server, and on success remembers it and loads it in this window. */
  connect(address: string): Promise<DesktopSetupConnectResult>;
}
