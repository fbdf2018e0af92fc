import { describe, expect, it, vi } from 'vitest';
import { createRefreshCoordinator, type LockManagerLike } from './refresh';
import { deferred } from '../testing/deferred';

/** An in-memory Web Locks implementation (exclusive locks, FIFO) shared by "tabs" in one test. */
function fakeLocks(): LockManagerLike {
  let tail: Promise<unknown> = Promise.resolve();
  // Counted synchronously, as the browser does: a queued request already makes the lock unavailable.
  let pending = 0;
  async function run<T>(callback: (lock: unknown) => Promise<T> | T): Promise<T> {
    pending += 1;
    const previous = tail;
    let release!: () => void;
    tail = new Promise<void>((r) => {
      release = r;
    });
    await previous;
    try {
      return await callback({});
    } finally {
      pending -= 1;
      release();
    }
  }
  function request<T>(
    name: string,
    optionsOrCallback: { ifAvailable: boolean } | ((lock: unknown) => Promise<T> | T),
    maybeCallback?: (lock: unknown) => Promise<T> | T,
  ): Promise<T> {
    if (typeof optionsOrCallback === 'function') return run(optionsOrCallback);
    const callback = maybeCallback;
    if (!callback) throw new Error('callback required');
    if (optionsOrCallback.ifAvailable && pending > 0) return Promise.resolve(callback(null));
    return run(callback);
  }
  return { request } as LockManagerLike;
}

describe('createRefreshCoordinator', () => {
  it('shares one refresh between concurrent 401s', async () => {
    const gate = deferred<boolean>();
    const refresh = vi.fn(() => gate.promise);
    const coordinator = createRefreshCoordinator({ refresh, now: () => 100 });
    const results = [coordinator.recover(1), coordinator.recover(2), coordinator.recover(3)];
    gate.resolve(true);
    expect(await Promise.all(results)).toEqual([true, true, true]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('does not refresh again for a request that started before the last refresh', async () => {
    let time = 10;
    const refresh = vi.fn(async () => true);
    const coordinator = createRefreshCoordinator({ refresh, now: () => time });
    await coordinator.recover(5);
    time = 20;
    expect(await coordinator.recover(8)).toBe(true);
    expect(refresh).toHaveBeenCalledTimes(1);
    // A request sent after the refresh that still gets 401 refreshes again.
    expect(await coordinator.recover(15)).toBe(true);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('reports a failed refresh so the caller can sign out', async () => {
    const coordinator = createRefreshCoordinator({ refresh: async () => false });
    expect(await coordinator.recover(1)).toBe(false);
  });

  it('lets a later 401 try again after a failed refresh', async () => {
    const refresh = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    const coordinator = createRefreshCoordinator({ refresh });
    expect(await coordinator.recover(1)).toBe(false);
    expect(await coordinator.recover(2)).toBe(true);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('lets only one of two tabs refresh; the other waits and retries', async () => {
    const locks = fakeLocks();
    const gate = deferred<boolean>();
    const refreshA = vi.fn(() => gate.promise);
    const refreshB = vi.fn(async () => true);
    const tabA = createRefreshCoordinator({ refresh: refreshA, locks });
    const tabB = createRefreshCoordinator({ refresh: refreshB, locks });
    const a = tabA.recover(1);
    await Promise.resolve();
    const b = tabB.recover(1);
    let bDone = false;
    void b.then(() => {
      bDone = true;
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(bDone).toBe(false);
    gate.resolve(true);
    expect(await a).toBe(true);
    expect(await b).toBe(true);
    expect(refreshA).toHaveBeenCalledTimes(1);
    expect(refreshB).not.toHaveBeenCalled();
  });

  it('refreshes under the lock when no other tab holds it', async () => {
    const refresh = vi.fn(async () => true);
    const coordinator = createRefreshCoordinator({ refresh, locks: fakeLocks() });
    expect(await coordinator.recover(1)).toBe(true);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
