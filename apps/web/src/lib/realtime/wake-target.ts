/** What the wake target listens to: `window` and `document` in the app, plain EventTargets in tests. */
export interface WakeSources {
  window: EventTarget;
  document: EventTarget & { readonly visibilityState: DocumentVisibilityState };
  /** `navigator.onLine`: a tab shown while the device is offline has nothing to reconnect to. */
  isOnline(): boolean;
}

/**
 * The `centrifuge` client's `networkEventTarget`: on `online` it drops the backoff timer and tries at once (its own
 * behaviour), and `offline` closes the transport. This target passes the browser's two events through and also
 * says `online` when the tab becomes visible again: someone looking at the app should not wait out a backoff of up
 * to 20 s (a server that came back while the tab was hidden). When the client is connected the event does nothing.
 */
export function createWakeTarget(sources: WakeSources): EventTarget {
  const target = new EventTarget();
  const forward = (type: 'online' | 'offline') => () => target.dispatchEvent(new Event(type));
  sources.window.addEventListener('online', forward('online'));
  sources.window.addEventListener('offline', forward('offline'));
  sources.document.addEventListener('visibilitychange', () => {
    if (sources.document.visibilityState === 'visible' && sources.isOnline()) target.dispatchEvent(new Event('online'));
  });
  return target;
}
