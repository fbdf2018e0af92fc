import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../lib/logger';
import { registerGroupEvents } from './groups-events';
import { EMPTY_GROUPS_STATE, type GroupsState } from './groups-state';
import { resetGroups, useGroupsStore } from './groups-store';

const log: Logger = { debug: vi.fn(), log: vi.fn(), warn: vi.fn(), error: vi.fn(), child: () => log };

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

afterEach(() => resetGroups());

describe('registerGroupEvents', () => {
  it('follows group#<id> for every group the store holds, as the list changes', () => {
    useGroupsStore.setState({ data: holding(['g1']) });
    const { client, unfollowed } = fakeClient();
    const stop = registerGroupEvents(client, log);
    expect(client.follow).toHaveBeenCalledWith('group#g1');

    useGroupsStore.setState({ data: holding(['g1', 'g2']) });
    expect(client.follow).toHaveBeenCalledWith('group#g2');
    expect(client.follow).toHaveBeenCalledTimes(2);

    useGroupsStore.setState({ data: holding(['g2']) });
    expect(unfollowed).toEqual(['group#g1']);

    stop();
    expect(unfollowed).toEqual(['group#g1', 'group#g2']);
    expect(client.on).toHaveBeenCalledWith('group_update', expect.any(Function));
  });
});
