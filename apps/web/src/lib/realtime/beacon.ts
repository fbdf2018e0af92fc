import { API_PREFIX } from '@beseda/protocol/constants';
import { parseAddress, type Address } from '@beseda/protocol/endpoint';
import type { disconnect } from '@beseda/protocol/endpoints/user-status';

// `sendBeacon` always POSTs; the address is checked against the descriptor without loading it (and zod) here.
const DISCONNECT: Address<typeof disconnect> = 'POST /user-status/disconect';

export const DISCONNECT_BEACON_PATH = `${API_PREFIX}${parseAddress(DISCONNECT).path}`;

export interface DisconnectBeaconDeps {
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** The signed-in user's id, or an empty value when nobody is signed in. */
  getUserId(): string | null | undefined;
  /** The realtime connection's id, when connected. */
  getClientId(): string | null;
  send(url: string, body: Blob): boolean;
}

/**
 * The body of the beacon. With a client id the server closes exactly that connection; without one (the page is
 * leaving mid-reconnect) it closes the session's older connections. The server accepts JSON bodies only.
 */
export function disconnectBeaconBody(clientId: string | null): Blob {
  return new Blob([JSON.stringify(clientId ? { clientId } : {})], { type: 'application/json' });
}

/**
 * Spec §7: on page unload, if a user id exists, `sendBeacon` to `user-status/disconect`, so contacts see the user
 * go offline at once instead of after the server notices the dead socket. `pagehide` fires for unloads and for the
 * back/forward cache (where the client closes its connection too), unlike `unload`, which the cache skips.
 */
export function installDisconnectBeacon(deps: DisconnectBeaconDeps): () => void {
  const onPageHide = () => {
    if (!deps.getUserId()) return;
    deps.send(DISCONNECT_BEACON_PATH, disconnectBeaconBody(deps.getClientId()));
  };
  deps.target.addEventListener('pagehide', onPageHide);
  return () => deps.target.removeEventListener('pagehide', onPageHide);
}
