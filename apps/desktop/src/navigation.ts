import { originOf } from './origin.js';

/*
 * What the window may load: only pages of the configured server origin. A link to any other http(s) page opens in
 * the system browser; every other scheme (file:, javascript:, data:, custom protocols) is refused outright, because
 * handing it to the OS would let a message launch local programs.
 */

export type NavigationDecision = 'allow' | 'open-external' | 'deny';

function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** `will-navigate` / `will-redirect` / `will-frame-navigate` of the main frame. */
export function decideNavigation(url: string, serverOrigin: string | null): NavigationDecision {
  // Null: the first-run page is showing and no server is chosen yet; nothing it links to is the app.
  if (serverOrigin !== null && originOf(url) === serverOrigin) return 'allow';
  return isWebUrl(url) ? 'open-external' : 'deny';
}

/**
 * `setWindowOpenHandler`: the app never opens a second Electron window (it would need its own guard and bridge
 * decisions). `target="_blank"` links to other sites go to the browser; same-origin ones (attachments) do too, since
 * the file URL is a plain download the browser handles.
 */
export function decideWindowOpen(url: string): 'open-external' | 'deny' {
  return isWebUrl(url) ? 'open-external' : 'deny';
}
