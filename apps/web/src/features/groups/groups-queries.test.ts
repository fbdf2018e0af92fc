import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Group, GroupSummary } from '@beseda/protocol/groups';
import { ApiError } from '../../lib/api/api-error';
import { queryClient } from '../../lib/query/query-client';
import { useUserStore } from '../auth/user-store';
import { fetchGroup, fetchGroups } from './groups-api';
import { groupQuery, groupsQuery, groupStatus, loadGroup, resyncGroups } from './groups-queries';

vi.mock('./groups-api', () => ({ fetchGroups: vi.fn(), fetchGroup: vi.fn() }));

function summary(id: string): GroupSummary {
  return {
    id,
    name: `Группа ${id}`,
    avatarUrl: null,
    ownerId: 'me',
    channels: [],
    memberCount: 1,
    myRoleId: 'r1',
    unread: false,
    mentionCount: 0,
  };
}

function full(id: string): Group {
  return { ...summary(id), members: [], roles: [] };
}

const groupsKey = groupsQuery('me').queryKey;

/** The toolbar on screen: it holds the list, so an invalidation refetches it. */
async function showingToolbar() {
  const observer = new QueryObserver(queryClient, groupsQuery('me'));
  const stop = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
  return stop;
}

beforeEach(() => useUserStore.setState({ id: 'me' }));
afterEach(() => {
  queryClient.clear();
  useUserStore.getState().reset();
  vi.clearAllMocks();
});

describe('groups queries', () => {
  it('a loaded group brings its members into the list, and the list keeps them when it arrives again', async () => {
    vi.mocked(fetchGroups).mockResolvedValue([summary('g1')]);
    vi.mocked(fetchGroup).mockResolvedValue(full('g1'));
    await loadGroup('me', 'g1');
    expect(queryClient.getQueryData(groupsKey)?.byId.g1?.members).toEqual([]);
    await queryClient.fetchQuery(groupsQuery('me'));
    expect(queryClient.getQueryData(groupsKey)?.byId.g1?.members).toEqual([]);
  });

  it('a group that is gone leaves the list and reads as not found', async () => {
    vi.mocked(fetchGroups).mockResolvedValue([summary('g1')]);
    vi.mocked(fetchGroup).mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'gone'));
    const stop = await showingToolbar();
    await loadGroup('me', 'g1');
    expect(queryClient.getQueryData(groupsKey)?.ids).toEqual([]);
    const load = queryClient.getQueryState(groupQuery('me', 'g1').queryKey);
    expect(load && groupStatus(load)).toBe('not_found');
    stop();
  });

  it('a reconnect that missed events refetches the list and the group on screen, marks the other opened ones for their next entry, leaves a failed one alone', async () => {
    vi.mocked(fetchGroups).mockResolvedValue([summary('g1'), summary('g2'), summary('g3')]);
    vi.mocked(fetchGroup).mockImplementation((id) =>
      id === 'g3' ? Promise.reject(new Error('offline')) : Promise.resolve(full(id)),
    );
    const stop = await showingToolbar();
    await loadGroup('me', 'g2');
    const onScreen = new QueryObserver(queryClient, groupQuery('me', 'g1')).subscribe(() => undefined);
    const failed = new QueryObserver(queryClient, groupQuery('me', 'g3')).subscribe(() => undefined);
    await vi.waitFor(() => expect(queryClient.getQueryState(groupQuery('me', 'g3').queryKey)?.status).toBe('error'));
    await vi.waitFor(() => expect(queryClient.getQueryState(groupQuery('me', 'g1').queryKey)?.status).toBe('success'));
    vi.mocked(fetchGroups).mockClear();
    vi.mocked(fetchGroup).mockClear();

    resyncGroups('me');
    await vi.waitFor(() => expect(fetchGroups).toHaveBeenCalledOnce());
    // g3 is on screen too, but its load had failed: the reconnect does not ask again.
    await vi.waitFor(() => expect(vi.mocked(fetchGroup).mock.calls).toEqual([['g1']]));
    expect(queryClient.getQueryState(groupQuery('me', 'g2').queryKey)?.isInvalidated).toBe(true);
    onScreen();
    failed();
    stop();
  });
});
