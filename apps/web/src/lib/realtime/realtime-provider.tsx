import { useEffect, type ReactNode } from 'react';
import type { RealtimeClient } from './realtime-client';
import { RealtimeContext } from './realtime-context';

interface RealtimeProviderProps {
  client: RealtimeClient;
  /** The signed-in user; the connection lives exactly as long as this is set and the provider is mounted. */
  userId: string;
  children: ReactNode;
}

/** Ties the client's lifecycle to sign-in: start on mount (or user change), stop on unmount (sign-out). */
export function RealtimeProvider({ client, userId, children }: RealtimeProviderProps) {
  useEffect(() => {
    if (!userId) return;
    client.start(userId);
    return () => client.stop();
  }, [client, userId]);
  return <RealtimeContext value={client}>{children}</RealtimeContext>;
}
