/*
 * The pages the shell ships itself (today only the first-run screen) are served from `beseda-app://first-run/`, a
 * custom scheme `main.ts` registers as standard and secure, rather than from `file://`:
 * - a `file://` page has an opaque origin, so the IPC guard could not tell our page from any other local file;
 *   `beseda-app://first-run` is one exact origin it can require (Electron's security checklist: prefer a custom
 *   protocol to `file://`);
 * - the page's script is an ES module (it shares `server-url.js`, `strings.js` and this file with the main process, straight
 *   from tsc's output); module scripts need a real origin to load, which `file://` does not have in Chromium;
 * - only the files listed here can be fetched: nothing else from the app's folder is reachable by URL.
 */

export const APP_SCHEME = 'beseda-app';
export const FIRST_RUN_HOST = 'first-run';
export const FIRST_RUN_ORIGIN = `${APP_SCHEME}://${FIRST_RUN_HOST}`;

/** The query parameter that pre-fills the field when the user changes the server (the current address). */
export const FIRST_RUN_SERVER_PARAM = 'server';

export function firstRunUrl(currentOrigin: string | null): string {
  const url = new URL(`${FIRST_RUN_ORIGIN}/`);
  if (currentOrigin !== null) url.searchParams.set(FIRST_RUN_SERVER_PARAM, currentOrigin);
  return url.toString();
}

/**
 * Whether a frame URL is the first-run page. Compared by scheme and host, not `URL.origin`: WHATWG URL gives a
 * non-special scheme an opaque origin ("null"), even one Electron treats as standard.
 */
export function isFirstRunPage(url: string | undefined): boolean {
  if (url === undefined) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === FIRST_RUN_HOST;
  } catch {
    return false;
  }
}

export type AppAssetSource =
  /** A path relative to the app's root (`apps/desktop`, the asar root when packaged). */
  | { kind: 'app'; path: string }
  /** A file of an npm dependency, resolved with `require.resolve` (hoisted in the workspace, inside the asar when packaged). */
  | { kind: 'package'; specifier: string };

export interface AppAsset {
  source: AppAssetSource;
  contentType: string;
}

const html = 'text/html; charset=utf-8';
const css = 'text/css; charset=utf-8';
const js = 'text/javascript; charset=utf-8';
const woff2 = 'font/woff2';

/** URL path → file. The scripts are tsc's output; the fonts are the web app's Inter (apps/web/src/ui/global.css). */
export const FIRST_RUN_ASSETS: Readonly<Record<string, AppAsset>> = {
  '/': { source: { kind: 'app', path: 'static/first-run.html' }, contentType: html },
  '/first-run.css': { source: { kind: 'app', path: 'static/first-run.css' }, contentType: css },
  '/first-run-page.js': { source: { kind: 'app', path: 'dist/first-run-page.js' }, contentType: js },
  '/app-page.js': { source: { kind: 'app', path: 'dist/app-page.js' }, contentType: js },
  '/server-url.js': { source: { kind: 'app', path: 'dist/server-url.js' }, contentType: js },
  '/strings.js': { source: { kind: 'app', path: 'dist/strings.js' }, contentType: js },
  '/fonts/inter-cyrillic.woff2': {
    source: { kind: 'package', specifier: '@fontsource-variable/inter/files/inter-cyrillic-wght-normal.woff2' },
    contentType: woff2,
  },
  '/fonts/inter-latin.woff2': {
    source: { kind: 'package', specifier: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2' },
    contentType: woff2,
  },
};

/** The file behind a `beseda-app:` request, or null (answered 404): another host, or a path not on the list. */
export function firstRunAsset(requestUrl: string): AppAsset | null {
  if (!isFirstRunPage(requestUrl)) return null;
  const { pathname } = new URL(requestUrl);
  return Object.hasOwn(FIRST_RUN_ASSETS, pathname) ? (FIRST_RUN_ASSETS[pathname] ?? null) : null;
}
