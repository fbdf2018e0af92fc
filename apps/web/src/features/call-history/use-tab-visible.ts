import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

const visible = () => document.visibilityState === 'visible';

/**
 * Whether the user can see this tab now: a missed call is seen when the calls page shows it, not while that page sits
 * open behind another tab.
 */
export function useTabVisible(): boolean {
  return useSyncExternalStore(subscribe, visible, () => true);
}
