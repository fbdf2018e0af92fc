import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../lib/query/query-client';
import type { RealtimeClient } from '../../lib/realtime/realtime-client';
import { clearSignedInState, watchSignedInUser } from './sign-out';

interface SignedInRootProps {
  /** The shell's connection, stopped with the rest on sign-out. */
  realtime?: Pick<RealtimeClient, 'stop'> | null;
  children: ReactNode;
}

/**
 * The root of every signed-in page (the shell, the invite page): provides the server-data cache and is the one place
 * the sign-out path is registered. A user can only sign out (or be signed out) while one of these is mounted, and
 * nothing writes user data while none is.
 */
export function SignedInRoot({ realtime = null, children }: SignedInRootProps) {
  useEffect(() => watchSignedInUser(() => clearSignedInState({ queryClient, realtime })), [realtime]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
