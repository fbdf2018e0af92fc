import { queryOptions, useMutation, useMutationState } from '@tanstack/react-query';
import type { Session } from '@beseda/protocol/user';
import { createLogger } from '../../lib/logger';
import { queryClient } from '../../lib/query/query-client';
import { queryKeys } from '../../lib/query/query-keys';
import { isSignedInAs, useUserStore } from '../auth/user-store';
import { fetchSessions, terminateSession } from './sessions-api';

const log = createLogger('sessions');

/** The signed-in user's sessions (devices), as /settings/my lists them. */
export function sessionsQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.sessions(userId),
    queryFn: ({ signal }): Promise<Session[]> => fetchSessions(signal),
  });
}

/**
 * `terminate` resolves true when the server ended the session (it is then gone from the list); `terminating` holds
 * the ids in flight (their buttons show a spinner).
 */
export function useSessionTermination() {
  const userId = useUserStore((state) => state.id);
  const mutationKey = queryKeys.sessionTermination(userId);
  const { mutateAsync } = useMutation({
    mutationKey,
    mutationFn: (sessionId: string) => terminateSession(sessionId),
    onSuccess(_, sessionId) {
      if (!isSignedInAs(userId)) return;
      queryClient.setQueryData(sessionsQuery(userId).queryKey, (sessions) =>
        sessions?.filter((session) => session.id !== sessionId),
      );
    },
  });
  const terminating = useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (mutation) => mutation.state.variables,
  });
  return {
    terminating,
    async terminate(sessionId: string): Promise<boolean> {
      try {
        await mutateAsync(sessionId);
        return true;
      } catch (error) {
        log.warn('Could not terminate a session', error);
        return false;
      }
    },
  };
}
