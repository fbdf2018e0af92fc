import { QueryClient, QueryObserver, queryOptions } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { updateCached } from './update-cached';

const append = (item: string) => (list: readonly string[]) => (list.includes(item) ? list : [...list, item]);

function listQuery(fetch: () => Promise<readonly string[]>) {
  return queryOptions({ queryKey: ['user', 'u1', 'list'] as const, queryFn: fetch, staleTime: Infinity });
}

describe('updateCached', () => {
  it('applies a change to the cached value and writes nothing for a repeat', () => {
    const client = new QueryClient();
    const { queryKey } = listQuery(() => Promise.resolve([]));
    client.setQueryData(queryKey, ['a']);
    updateCached(client, queryKey, [], append('b'));
    const after = client.getQueryData(queryKey);
    expect(after).toEqual(['a', 'b']);
    const updatedAt = client.getQueryState(queryKey)?.dataUpdatedAt;
    updateCached(client, queryKey, [], append('b'));
    expect(client.getQueryData(queryKey)).toBe(after);
    expect(client.getQueryState(queryKey)?.dataUpdatedAt).toBe(updatedAt);
  });

  it('starts a value nobody fetched from `empty` and leaves it due for its first fetch', async () => {
    const client = new QueryClient();
    const fetch = vi.fn(() => Promise.resolve(['server'] as const));
    const options = listQuery(fetch);
    updateCached(client, options.queryKey, [], append('event'));
    expect(client.getQueryData(options.queryKey)).toEqual(['event']);

    // A page that needs the list now fetches it, though the value is there and `staleTime` is Infinity.
    const observer = new QueryObserver(client, options);
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(client.getQueryData(options.queryKey)).toEqual(['server']));
    expect(fetch).toHaveBeenCalledOnce();
    stop();
  });
});
