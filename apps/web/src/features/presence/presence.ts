import type { OnlineStatusPayload } from '@beseda/protocol/realtime';

/** What the app knows about one user's presence. `lastSeen` is the time of their latest online/offline change. */
export interface Presence {
  online: boolean;
  lastSeen: string | null;
}

export type PresenceMap = Readonly<Record<string, Presence>>;

export const NO_PRESENCE: PresenceMap = Object.freeze({});

function time(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Applies a `set_online_status` event (or a user's `online` field from a REST snapshot) and returns the same map
 * when nothing changes. The server stamps every transition with its time (`lastSeen`), so an event older than what
 * we hold is stale (a late delivery, a replay) and is ignored, and the same event twice changes nothing.
 */
export function applyOnlineStatus(state: PresenceMap, event: OnlineStatusPayload): PresenceMap {
  const known = state[event.userId];
  const incoming = time(event.lastSeen);
  if (known) {
    const held = time(known.lastSeen);
    if (incoming !== null && held !== null) {
      if (incoming < held) return state;
      if (incoming === held && known.online === event.online) return state;
    } else if (known.online === event.online) {
      // Without two times to compare, only a change of state is news; a missing time never erases a known one.
      if (incoming === null || known.lastSeen === event.lastSeen) return state;
    }
  }
  const lastSeen = incoming !== null ? (event.lastSeen ?? null) : (known?.lastSeen ?? null);
  return { ...state, [event.userId]: { online: event.online, lastSeen } };
}
