import { createContext, useContext, useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import type { ServerEventType } from '@beseda/protocol/server-events';
import type { ServerEventHandler } from './events';
import type { ConnectionState, RealtimeClient } from './realtime-client';

export const RealtimeContext = createContext<RealtimeClient | null>(null);

/** The app's realtime client. Throws outside `<RealtimeProvider>`: a silent null would hide a wiring mistake. */
export function useRealtime(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtime() must be used inside <RealtimeProvider>');
  return client;
}

/** Spec §4 connection state: disconnected, connecting or connected. */
export function useRealtimeState(): ConnectionState {
  const client = useRealtime();
  // The same snapshot serves server rendering (tests render to a string; there is no socket there either).
  return useSyncExternalStore(client.subscribe, client.getSnapshot, client.getSnapshot);
}

/**
 * Runs `handler` for every event of `type` while the component is mounted; the latest handler is always used, so
 * it may read props and state freely. Store updates that must happen with no component on screen belong in a
 * feature's register function instead (see features/presence/presence-events.ts).
 */
export function useRealtimeEvent<T extends ServerEventType>(type: T, handler: ServerEventHandler<T>): void {
  const client = useRealtime();
  const onEvent = useEffectEvent(handler);
  useEffect(() => client.on(type, (event, meta) => onEvent(event, meta)), [client, type]);
}
