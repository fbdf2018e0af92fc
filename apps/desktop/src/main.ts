import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  BrowserWindow,
  desktopCapturer,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  net,
  Notification,
  protocol,
  screen,
  session,
  shell,
  Tray,
  type DesktopCapturerSource,
  type IpcMainInvokeEvent,
  type NativeImage,
} from 'electron';
import electronUpdater from 'electron-updater';
import {
  DESKTOP_INVOKE_CHANNEL_NAMES,
  DESKTOP_SETUP_CONNECT_CHANNEL,
  desktopBridgeInfo,
  desktopPlatformSchema,
  type DesktopEventChannel,
  type DesktopEventPayload,
  type DesktopWindowState,
} from '@beseda/protocol/desktop';
import { APP_SCHEME, firstRunAsset, firstRunUrl, isFirstRunPage } from './app-page.js';
import { badgePresentation, overlayDotBitmap } from './badge.js';
import { parseDesktopConfig, resolveServerOrigin } from './config.js';
import { DEEP_LINK_SCHEME, deepLinkFromArgv, parseDeepLink } from './deep-link.js';
import {
  checkSetupConnect,
  createIpcDispatcher,
  IpcRefusedError,
  type DesktopInvokeHandlers,
  type IpcSender,
} from './ipc-guard.js';
import { logSaveFilters } from './log-save.js';
import { decideNavigation, decideWindowOpen } from './navigation.js';
import { decidePermission } from './permissions.js';
import { createPlacementSaver } from './placement-saver.js';
import { createScreenSharePicker } from './screen-share.js';
import { checkServerAddress } from './server-probe.js';
import { APP_NAME, MENU_STRINGS } from './strings.js';
import { MIN_WINDOW_SIZE, parseSavedWindowState, restorePlacement } from './window-state.js';
import { needsNewWindow, secureWebPreferences, windowChrome, type WindowContent } from './window-options.js';

/*
 * The Electron entry point: wiring only. Every decision (where the window opens, what it may load, who may call the
 * bridge, which permission is granted, what the badge says) lives in a plain module with unit tests; this file
 * connects those decisions to Electron's objects and cannot run under plain Node.
 */

const platform = desktopPlatformSchema.parse(process.platform);
const here = dirname(fileURLToPath(import.meta.url));
/** `apps/desktop` from source, the asar root when packaged: where `static/` and `dist/` are. */
const appRoot = dirname(here);
const requireFromHere = createRequire(import.meta.url);

function readUserFile(name: string): string | undefined {
  try {
    return readFileSync(join(app.getPath('userData'), name), 'utf8');
  } catch {
    return undefined;
  }
}

function writeUserFile(name: string, text: string): void {
  mkdirSync(app.getPath('userData'), { recursive: true });
  writeFileSync(join(app.getPath('userData'), name), text);
}

/** Null until the first-run page has one: then no page gets the bridge, a permission or a navigation. */
let serverOrigin = resolveServerOrigin(process.env.BESEDA_SERVER_URL, parseDesktopConfig(readUserFile('config.json')));
let mainWindow: BrowserWindow | null = null;
let tray: Tray | null = null;
let windowState = parseSavedWindowState(readUserFile('window-state.json'));
const picker = createScreenSharePicker<DesktopCapturerSource>({ audioAvailable: platform === 'win32' });

function send<C extends DesktopEventChannel>(channel: C, payload: DesktopEventPayload<C>): void {
  mainWindow?.webContents.send(channel, payload);
}

function currentWindowState(win: BrowserWindow): DesktopWindowState {
  return { isMaximized: win.isMaximized(), isFullscreen: win.isFullScreen() };
}

function focusWindow(): void {
  if (mainWindow === null) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

function openRoute(route: string): void {
  focusWindow();
  send('desktop:navigate', route);
}

function requireWindow(): BrowserWindow {
  if (mainWindow === null) throw new Error('no window');
  return mainWindow;
}

const handlers: DesktopInvokeHandlers = {
  'desktop:window-state:get': () => currentWindowState(requireWindow()),
  'desktop:window:minimize': () => {
    requireWindow().minimize();
  },
  'desktop:window:toggle-maximize': () => {
    const win = requireWindow();
    if (win.isMaximized()) win.unmaximize();
    else win.maximize();
  },
  'desktop:window:toggle-fullscreen': () => {
    const win = requireWindow();
    win.setFullScreen(!win.isFullScreen());
  },
  'desktop:window:close': () => {
    requireWindow().close();
  },
  'desktop:badge:set': (count) => {
    const presentation = badgePresentation(count, platform);
    if (presentation.dockBadge !== null) app.dock?.setBadge(presentation.dockBadge);
    if (presentation.launcherCount !== null) app.setBadgeCount(presentation.launcherCount);
    if (platform === 'win32') {
      const overlay = presentation.overlay;
      requireWindow().setOverlayIcon(
        overlay === null ? null : nativeImage.createFromBitmap(overlayDotBitmap(), { width: 16, height: 16 }),
        overlay?.description ?? '',
      );
    }
    tray?.setToolTip(presentation.trayTooltip);
  },
  'desktop:notify': (notification) => {
    const shown = new Notification({ title: notification.title, body: notification.body, silent: false });
    shown.on('click', () => openRoute(notification.route));
    shown.show();
    if (notification.kind === 'call') requireWindow().flashFrame(true);
  },
  'desktop:log:save': async (request) => {
    const result = await dialog.showSaveDialog(requireWindow(), {
      defaultPath: join(app.getPath('downloads'), request.suggestedName),
      filters: logSaveFilters(request.suggestedName),
    });
    if (result.canceled || result.filePath === undefined) return 'cancelled';
    await writeFile(result.filePath, request.contents, 'utf8');
    return 'saved';
  },
  'desktop:screen-share:choose': (choice) => {
    picker.choose(choice);
  },
};

function guardSession(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? details.mediaTypes : undefined;
    callback(
      serverOrigin !== null &&
        decidePermission({ permission, requestingUrl: details.requestingUrl, mediaTypes }, serverOrigin),
    );
  });
  ses.setPermissionCheckHandler(
    (_contents, permission, requestingOrigin) =>
      serverOrigin !== null && decidePermission({ permission, requestingUrl: requestingOrigin }, serverOrigin),
  );
  ses.setDisplayMediaRequestHandler((request, callback) => {
    if (serverOrigin === null || request.frame?.origin !== serverOrigin) {
      callback({});
      return;
    }
    void desktopCapturer
      .getSources({ types: ['screen', 'window'], thumbnailSize: { width: 320, height: 180 } })
      .then((sources) => {
        const requestId = picker.open(sources, (answer) => {
          if (answer === null) callback({});
          else callback(answer.audio ? { video: answer.source, audio: 'loopback' } : { video: answer.source });
        });
        send('desktop:screen-share:request', {
          requestId,
          audioAvailable: platform === 'win32',
          sources: sources.map((source) => ({
            id: source.id,
            name: source.name,
            kind: source.id.startsWith('screen:') ? 'screen' : 'window',
            thumbnailDataUrl: source.thumbnail.toDataURL(),
          })),
        });
      })
      .catch(() => callback({}));
  });
}

/**
 * The shell's own pages (the first-run screen) from `beseda-app://first-run/`: only the files `app-page.ts` lists,
 * read from the app folder (or the font package), everything else 404.
 */
function serveAppPages(): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const asset = firstRunAsset(request.url);
    if (asset === null) return new Response(null, { status: 404 });
    const file =
      asset.source.kind === 'app' ? join(appRoot, asset.source.path) : requireFromHere.resolve(asset.source.specifier);
    try {
      return new Response(await readFile(file), { headers: { 'content-type': asset.contentType } });
    } catch {
      return new Response(null, { status: 404 });
    }
  });
  // Electron sets a window's preload once; this one exposes `window.desktopSetup` on the first-run page only.
  session.defaultSession.registerPreloadScript({
    type: 'frame',
    id: 'beseda-first-run',
    filePath: join(here, 'preload-setup.cjs'),
  });
}

function senderOf(event: IpcMainInvokeEvent): IpcSender {
  return { frameUrl: event.senderFrame?.url, isMainFrame: event.senderFrame?.parent === null };
}

/** «Подключиться»: validate, ask the server, remember it, then load it in the window the page is in. */
function handleSetup(): void {
  ipcMain.handle(DESKTOP_SETUP_CONNECT_CHANNEL, async (event, ...args: unknown[]) => {
    const check = checkSetupConnect(senderOf(event), args);
    if (!check.ok) {
      const refused = new IpcRefusedError(check.reason, check.detail);
      console.warn(refused.message);
      throw refused;
    }
    const result = await checkServerAddress(check.address, (url, init) => net.fetch(url, init));
    if (result.ok) {
      writeUserFile('config.json', JSON.stringify({ serverOrigin: result.origin }));
      serverOrigin = result.origin;
      const win = BrowserWindow.fromWebContents(event.sender);
      // After the reply is on its way: the page shows «Подключение…» until the server's page replaces it.
      setTimeout(() => showIn(win, new URL('/', result.origin).toString()), 0);
    }
    return result;
  });
}

/** Loads `url` in `win`, or in a new window in its place where the two pages need different frames (Windows). */
function showIn(win: BrowserWindow | null, url: string): void {
  if (win === null || win.isDestroyed()) {
    mainWindow = createWindow(url);
    return;
  }
  const content = (page: string): WindowContent => (isFirstRunPage(page) ? 'first-run' : 'app');
  if (!needsNewWindow(platform, content(win.webContents.getURL()), content(url))) {
    void win.loadURL(url);
    return;
  }
  mainWindow = createWindow(url);
  win.close();
}

/** «Сменить сервер…»: the first-run page in the main window, with the current address filled in. */
function showFirstRun(): void {
  if (mainWindow !== null && isFirstRunPage(mainWindow.webContents.getURL())) {
    focusWindow();
    return;
  }
  showIn(mainWindow, firstRunUrl(serverOrigin));
  focusWindow();
}

function createWindow(url: string): BrowserWindow {
  const content: WindowContent = isFirstRunPage(url) ? 'first-run' : 'app';
  const displays = screen.getAllDisplays().map((display) => ({ id: String(display.id), workArea: display.workArea }));
  const placement = restorePlacement(windowState, displays, String(screen.getPrimaryDisplay().id));
  const win = new BrowserWindow({
    ...placement.bounds,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    show: false,
    title: APP_NAME,
    ...windowChrome(platform, content),
    webPreferences: secureWebPreferences(join(here, 'preload.cjs'), JSON.stringify(desktopBridgeInfo(platform))),
  });
  if (placement.isMaximized) win.maximize();
  win.once('ready-to-show', () => win.show());

  // Saved while it moves (debounced), so a crash keeps the place; closing saves at once.
  const placementSaver = createPlacementSaver({
    initial: windowState,
    read: () => {
      if (win.isDestroyed()) return null;
      const bounds = win.getNormalBounds();
      return {
        displayId: String(screen.getDisplayMatching(bounds).id),
        placement: { bounds, isMaximized: win.isMaximized() },
      };
    },
    write: (state) => {
      windowState = state;
      writeUserFile('window-state.json', JSON.stringify(state));
    },
  });
  const pushState = (): void => send('desktop:window-state', currentWindowState(win));
  win.on('maximize', pushState);
  win.on('unmaximize', pushState);
  win.on('maximize', placementSaver.schedule);
  win.on('unmaximize', placementSaver.schedule);
  win.on('move', placementSaver.schedule);
  win.on('resize', placementSaver.schedule);
  win.on('enter-full-screen', pushState);
  win.on('leave-full-screen', pushState);
  win.on('focus', () => win.flashFrame(false));
  win.on('close', placementSaver.flush);
  win.on('closed', () => {
    // A window replaced by one with another frame (needsNewWindow) closes after its successor became the main one.
    if (mainWindow !== win) return;
    picker.cancelAll();
    mainWindow = null;
  });

  const contents = win.webContents;
  contents.on('will-navigate', (event) => {
    const decision = decideNavigation(event.url, serverOrigin);
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'open-external') void shell.openExternal(event.url);
  });
  contents.on('will-redirect', (event) => {
    if (event.isMainFrame && decideNavigation(event.url, serverOrigin) !== 'allow') event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    if (decideWindowOpen(url) === 'open-external') void shell.openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());

  void win.loadURL(url);
  return win;
}

function trayIcon(): NativeImage {
  // static/tray.png with tray@2x.png beside it (scripts/make-icons.mjs): Electron picks the one for the display.
  const icon = nativeImage.createFromPath(join(appRoot, 'static', 'tray.png'));
  return icon.isEmpty()
    ? nativeImage.createFromBitmap(overlayDotBitmap(32, [0x5b, 0x5c, 0xf0]), { width: 32, height: 32 })
    : icon;
}

function appMenu(): Menu {
  return Menu.buildFromTemplate([
    {
      label: MENU_STRINGS.open,
      click: () => {
        if (mainWindow === null) mainWindow = createWindow(serverOrigin === null ? firstRunUrl(null) : serverOrigin);
        focusWindow();
      },
    },
    { label: MENU_STRINGS.changeServer, click: showFirstRun },
    { type: 'separator' },
    { label: MENU_STRINGS.quit, click: () => app.quit() },
  ]);
}

function start(): void {
  const dispatch = createIpcDispatcher(handlers, () => serverOrigin);
  for (const channel of DESKTOP_INVOKE_CHANNEL_NAMES) {
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      try {
        return await dispatch(channel, senderOf(event), args);
      } catch (error) {
        // A refused call is either a bug in the web app or content that should not have the bridge: leave a trace.
        if (error instanceof IpcRefusedError) console.warn(error.message);
        throw error;
      }
    });
  }
  handleSetup();
  serveAppPages();
  guardSession();
  mainWindow = createWindow(
    serverOrigin === null ? firstRunUrl(null) : new URL(deepLinkFromArgv(process.argv) ?? '/', serverOrigin).toString(),
  );
  if (platform === 'darwin') {
    // No tray on macOS: «Сменить сервер…» lives in the dock menu.
    app.dock?.setMenu(Menu.buildFromTemplate([{ label: MENU_STRINGS.changeServer, click: showFirstRun }]));
  } else {
    tray = new Tray(trayIcon());
    tray.setToolTip(APP_NAME);
    tray.setContextMenu(appMenu());
    tray.on('click', focusWindow);
  }
  if (app.isPackaged) void electronUpdater.autoUpdater.checkForUpdatesAndNotify();
}

if (!app.requestSingleInstanceLock()) {
  // A second launch hands its argv (with any `beseda://` link) to the first through `second-instance`, then quits.
  app.quit();
} else {
  if (process.defaultApp && process.argv[1] !== undefined) {
    // Run from source (`electron .`): the OS must start Electron with our app folder, not bare Electron.
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [resolve(process.argv[1])]);
  } else {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  }
  // Windows shows no notification from an app without its AppUserModelID (the installer's appId).
  if (platform === 'win32') app.setAppUserModelId('ru.beseda.desktop');
  // A second launch focuses this window and, when it was started by a link, opens that route.
  app.on('second-instance', (_event, argv) => {
    const route = deepLinkFromArgv(argv);
    if (route === null) focusWindow();
    else openRoute(route);
  });
  // macOS delivers links as an event instead of argv.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    const route = parseDeepLink(url);
    if (route !== null) openRoute(route);
  });
  app.on('window-all-closed', () => {
    if (platform !== 'darwin') app.quit();
  });
  // The first-run page's scheme behaves like https (its own origin, ES modules, no mixed content), set before ready.
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true } }]);
  void app.whenReady().then(start);
}
