/**
 * Single-flight token refresh.
 *
 * The server rotates the refresh token on every `POST /auth/refresh` and revokes the whole session when an old one
 * is presented again. Two refreshes racing with the same cookie would therefore sign the user out, so:
 * - within a tab, concurrent 401s share one refresh;
 * - a request that started before the last successful refresh just retries (its 401 is stale);
 * - across tabs, the refresh runs under a Web Lock. A tab that finds the lock taken waits for it and then retries
 *   without refreshing: the holder has already rotated the cookies for every tab.
 */

export const REFRESH_LOCK_NAME = 'beseda-auth-refresh';

/** The subset of `navigator.locks` we use, so tests can pass a fake. */
export interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<T> | T): Promise<T>;
  request<T>(name: string, callback: (lock: unknown) => Promise<T> | T): Promise<T>;
}

export interface RefreshCoordinatorDeps {
  /** Performs `POST /auth/refresh`; true when the server issued new cookies. */
  refresh: () => Promise<boolean>;
  locks?: LockManagerLike | undefined;
  now?: () => number;
}

export interface RefreshCoordinator {
  /**
   * Called after a 401 for a request sent at `requestStartedAt`. Resolves true when credentials are fresh and the
   * request is worth one retry, false when the session is gone.
   */
  recover(requestStartedAt: number): Promise<boolean>;
}

export function createRefreshCoordinator({
  refresh,
  locks,
  now = Date.now,
}: RefreshCoordinatorDeps): RefreshCoordinator {
  let inflight: Promise<boolean> | null = null;
  let lastRefreshedAt = Number.NEGATIVE_INFINITY;

  async function refreshAndRecord(): Promise<boolean> {
    const ok = await refresh();
    if (ok) lastRefreshedAt = now();
    return ok;
  }

  async function refreshAcrossTabs(): Promise<boolean> {
    if (!locks) return refreshAndRecord();
    const acquired = await locks.request(REFRESH_LOCK_NAME, { ifAvailable: true }, async (lock) =>
      lock === null ? null : refreshAndRecord(),
    );
    if (acquired !== null) return acquired;
    // Another tab is refreshing: wait for it to finish, then rely on the cookies it rotated.
    await locks.request(REFRESH_LOCK_NAME, () => undefined);
    return true;
  }

  return {
    recover(requestStartedAt) {
      if (inflight) return inflight;
      if (requestStartedAt <= lastRefreshedAt) return Promise.resolve(true);
      inflight = refreshAcrossTabs().finally(() => {
        inflight = null;
      });
      return inflight;
    },
  };
}
