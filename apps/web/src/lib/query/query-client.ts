import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';
import { createLogger } from '../logger';

const log = createLogger('query');

/**
 * The signed-in app's one cache of server data: contacts, sessions, groups, the chat list. Shared by the shell and
 * the invite page (both render `SignedInRoot`), and by the realtime handlers and actions that write to it outside
 * React. Sign-out clears it (`app/signed-in/sign-out.ts`).
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError(error, query) {
      // 404 and 400 are answers the page shows («not found»), not failures worth a warning.
      if (!isApiError(error, 404) && !isApiError(error, 400)) log.warn(`Could not load ${query.queryHash}`, error);
    },
  }),
  defaultOptions: {
    queries: {
      // Realtime events keep cached data current and a reconnect that missed events refetches it, so time alone
      // never makes it stale; a page that reloads on entry asks with `refetchOnMount: 'always'`.
      staleTime: Infinity,
      // Kept until sign-out: a page opened again shows what it showed while it refreshes.
      gcTime: Infinity,
      // A failure shows at once with its retry button (spec §8), and a request is tried even when the browser
      // believes it is offline, like every other request of the app.
      retry: false,
      networkMode: 'always',
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
