import type { DataTag, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Applies a pure change to one cached value: a feature's reducer, which returns its input for a duplicate or stale
 * change (nothing is written then). A value nobody has fetched yet starts from `empty` and stays due for its first
 * fetch, whose query function merges the server's answer with what was applied meanwhile.
 */
export function updateCached<T>(
  client: QueryClient,
  queryKey: DataTag<QueryKey, T, unknown>,
  empty: T,
  change: (value: T) => T,
): void {
  const held = client.getQueryData(queryKey);
  const base = held ?? empty;
  const next = change(base);
  if (next === base) return;
  client.setQueryData(queryKey, next);
  if (held === undefined) void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
}
