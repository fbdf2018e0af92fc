import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Group } from '@beseda/protocol/groups';
import type { ServerEvent } from '@beseda/protocol/server-events';
import { queryClient } from '../../lib/query/query-client';
import { createEventRegistry } from '../../lib/realtime/events';
import { useUserStore } from '../auth/user-store';
import { fetchGroup } from './groups-api';
import { registerGroupEvents } from './groups-events';
import { groupsQuery } from './groups-queries';
import { EMPTY_GROUPS_STATE, type GroupsState, receiveGroup } from './groups-state';

vi.mock('./groups-api', () => ({ fetchGroup: vi.fn(() => new Promise<never>(() => undefined)) }));

function holding(ids: string[]): GroupsState {
  return { ...EMPTY_GROUPS_STATE, ids };
}

function fakeClient() {
  const unfollowed: string[] = [];
  const client = {
    on: vi.fn(() => () => undefined),
    follow: vi.fn((channel: string) => () => {
      unfollowed.push(channel);
    }),
  };
  return { client, unfollowed };
}

const groupsKey = groupsQuery('me').queryKey;
const cached = () => queryClient.getQueryData(groupsKey);

beforeEach(() => useUserStore.setState({ id: 'me' }));
afterEach(() => {
  queryClient.clear();
  useUserStore.getState().reset();
  vi.clearAllMocks();
});

const meta = { channel: 'group#g1', offset: 1 };
const NEW_PICTURE = '/api/files/avatar/0123456789abcdef0123456789abcdef.png';

const held: Group = {
  id: 'g1',
  name: 'Горный клуб',
  avatarUrl: null,
  ownerId: 'u-owner',
  channels: [],
  memberCount: 2,
  myRoleId: 'r-member',
  unread: false,
  mentionCount: 0,
  members: [],
  roles: [],
};

/** The real event registry (what RealtimeClient dispatches through), with follow() faked. */
function liveClient() {
  const registry = createEventRegistry(() => undefined);
  return { registry, client: { on: registry.on, follow: vi.fn(() => () => undefined) } };
}

describe('registerGroupEvents', () => {
  it('follows group#<id> for every group the cache holds, as the list changes', () => {
    queryClient.setQueryData(groupsKey, holding(['g1']));
    const { client, unfollowed } = fakeClient();
    const stop = registerGroupEvents(client);
    expect(client.follow).toHaveBeenCalledWith('group#g1');

    queryClient.setQueryData(groupsKey, holding(['g1', 'g2']));
    expect(client.follow).toHaveBeenCalledWith('group#g2');
    expect(client.follow).toHaveBeenCalledTimes(2);

    queryClient.setQueryData(groupsKey, holding(['g2']));
    expect(unfollowed).toEqual(['group#g1']);

    stop();
    expect(unfollowed).toEqual(['group#g1', 'group#g2']);
    expect(client.on).toHaveBeenCalledWith('group_update', expect.any(Function));
  });

  it('puts a changed group picture on the held group (toolbar icon and everywhere it shows), once', () => {
    queryClient.setQueryData(groupsKey, receiveGroup(EMPTY_GROUPS_STATE, held));
    const { registry, client } = liveClient();
    const stop = registerGroupEvents(client);
    const event: ServerEvent = {
      type: 'group_update',
      status: 'group_avatar_changed',
      payload: { groupId: 'g1', avatarUrl: NEW_PICTURE },
    };
    registry.dispatch(event, meta);
    const after = cached();
    expect(after?.byId.g1).toMatchObject({ name: 'Горный клуб', avatarUrl: NEW_PICTURE });
    registry.dispatch(event, { ...meta, offset: 2 });
    expect(cached()).toBe(after);
    stop();
  });

  it('ignores a picture of a group it does not hold (no load, no entry)', () => {
    queryClient.setQueryData(groupsKey, receiveGroup(EMPTY_GROUPS_STATE, held));
    const before = cached();
    const { registry, client } = liveClient();
    const stop = registerGroupEvents(client);
    registry.dispatch(
      { type: 'group_update', status: 'group_avatar_changed', payload: { groupId: 'g2', avatarUrl: NEW_PICTURE } },
      meta,
    );
    expect(cached()).toBe(before);
    expect(fetchGroup).not.toHaveBeenCalled();
    stop();
  });
});
