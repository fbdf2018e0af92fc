import { useEffect, type ReactNode } from 'react';
import { useUserStore } from '../../features/auth/user-store';
import { installDisconnectBeacon } from '../../lib/realtime/beacon';
import type { RealtimeClient } from '../../lib/realtime/realtime-client';
import { RealtimeProvider } from '../../lib/realtime/realtime-provider';
import { registerRealtimeFeatures } from './app-realtime-client';

/**
 * The realtime connection of the signed-in app. Mounted by the authenticated layout, so it (and `centrifuge`) loads
 * with the lazy shell chunk, never with /auth. The layout creates the client, so the sign-out path can stop it.
 */
export function AppRealtime({ client, children }: { client: RealtimeClient; children: ReactNode }) {
  const userId = useUserStore((state) => state.id);

  useEffect(() => registerRealtimeFeatures(client), [client]);
  useEffect(
    () =>
      installDisconnectBeacon({
        target: window,
        getUserId: () => useUserStore.getState().id,
        getClientId: () => client.clientId,
        send: (url, body) => navigator.sendBeacon(url, body),
      }),
    [client],
  );

  return (
    <RealtimeProvider client={client} userId={userId}>
      {children}
    </RealtimeProvider>
  );
}
