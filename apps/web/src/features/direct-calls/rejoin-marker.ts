import type { RejoinMarker } from './direct-call-store';

const KEY = 'beseda:direct-call';

/**
 * The call this tab is in, in sessionStorage: it survives a reload of the tab and belongs to that tab alone, so a
 * reload rejoins the call while a newly opened tab (or another device) does not take it over.
 */
export function sessionRejoinMarker(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null): RejoinMarker {
  return {
    read() {
      try {
        return storage?.getItem(KEY) ?? null;
      } catch {
        return null;
      }
    },
    write(callId) {
      try {
        if (callId) storage?.setItem(KEY, callId);
        else storage?.removeItem(KEY);
      } catch {
        // Storage disabled (a privacy mode): a reload then simply does not rejoin.
      }
    },
  };
}
