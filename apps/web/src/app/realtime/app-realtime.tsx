import { useEffect, useState, type ReactNode } from 'react';
import { useUserStore } from '../../features/auth/user-store';
import { installDisconnectBeacon } from '../../lib/realtime/beacon';
import { RealtimeProvider } from '../../lib/realtime/realtime-provider';
import { createAppRealtimeClient, registerRealtimeFeatures } from './app-realtime-client';

/**
 * The realtime connection of the signed-in app. Mounted by the authenticated layout, so it (and `centrifuge`) loads
 * with the lazy shell chunk, never with /auth; unmounting on sign-out stops the connection.
 */
export function AppRealtime({ children }: { children: ReactNode }) {
  const userId = useUserStore((state) => state.id);
  const [client] = useState(createAppRealtimeClient);

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
