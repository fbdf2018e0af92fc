import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VoiceMember } from '@beseda/protocol/voice';
import { queryClient } from '../../lib/query/query-client';
import { createEventRegistry } from '../../lib/realtime/events';
import { useUserStore } from '../auth/user-store';
import { groupsQuery, groupVoiceQuery } from './groups-queries';
import { EMPTY_GROUPS_STATE, receiveGroupList } from './groups-state';
import { fetchVoiceStatus } from './groups-api';
import { registerVoiceEvents } from './voice-events';

vi.mock('./groups-api', () => ({ fetchVoiceStatus: vi.fn(() => new Promise<never>(() => undefined)) }));

const meta = { channel: 'group#g1', offset: 1 };
const FLAGS = { micEnabled: true, cameraEnabled: false, screenShareEnabled: false };
const ann: VoiceMember = { userId: 'ann', channelId: 'c1', joinedAt: '2026-11-24T10:00:00.000Z', ...FLAGS };

function setup() {
  const registry = createEventRegistry(() => undefined);
  const live: ((channel: string) => void)[] = [];
  const resync: (() => void)[] = [];
  const remove = registerVoiceEvents({
    on: registry.on,
    onLive: (listener) => {
      live.push(listener);
      return () => undefined;
    },
    onResync: (listener) => {
      resync.push(listener);
      return () => undefined;
    },
  });
  return { registry, live, resync, remove };
}

const voiceKey = groupVoiceQuery('me', 'g1').queryKey;

beforeEach(() => {
  useUserStore.setState({ id: 'me' });
  queryClient.setQueryData(
    groupsQuery('me').queryKey,
    receiveGroupList(EMPTY_GROUPS_STATE, [
      {
        id: 'g1',
        name: 'Клуб',
        avatarUrl: null,
        ownerId: 'me',
        channels: [],
        memberCount: 2,
        myRoleId: 'r',
        unread: false,
        mentionCount: 0,
      },
    ]),
  );
});
afterEach(() => {
  queryClient.clear();
  useUserStore.getState().reset();
});

describe('registerVoiceEvents', () => {
  it('a join, an update and a leave change the group sidebar list live', () => {
    const { registry, remove } = setup();
    queryClient.setQueryData(voiceKey, []);
    const names = { groupId: 'g1', channelName: 'голос', groupName: 'Клуб' };
    registry.dispatch({ type: 'voice_channel_update', payload: { type: 'join', ...ann, ...names } }, meta);
    expect(queryClient.getQueryData(voiceKey)).toEqual([ann]);
    registry.dispatch(
      { type: 'voice_channel_update', payload: { type: 'update', ...ann, micEnabled: false, ...names } },
      meta,
    );
    expect(queryClient.getQueryData(voiceKey)?.[0]?.micEnabled).toBe(false);
    registry.dispatch(
      { type: 'voice_channel_update', payload: { type: 'leave', userId: 'ann', channelId: 'c1', groupId: 'g1' } },
      meta,
    );
    expect(queryClient.getQueryData(voiceKey)).toEqual([]);
    remove();
  });

  it('an event during a read of the list is not undone by that read’s older answer: the list is read again', async () => {
    const { registry } = setup();
    let answerStale: (members: VoiceMember[]) => void = () => undefined;
    vi.mocked(fetchVoiceStatus)
      .mockImplementationOnce(() => new Promise((resolve) => (answerStale = resolve)))
      .mockImplementationOnce(() => Promise.resolve([ann]));
    // The sidebar watching the list starts its first read.
    const sidebar = new QueryObserver(queryClient, groupVoiceQuery('me', 'g1'));
    const unsubscribe = sidebar.subscribe(() => undefined);
    const names = { groupId: 'g1', channelName: 'голос', groupName: 'Клуб' };
    registry.dispatch({ type: 'voice_channel_update', payload: { type: 'join', ...ann, ...names } }, meta);
    // The server answered the first read before Ann joined.
    answerStale([]);
    await vi.waitFor(() => expect(fetchVoiceStatus).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(sidebar.getCurrentResult().data).toEqual([ann]));
    expect(queryClient.getQueryData(voiceKey)).toEqual([ann]);
    unsubscribe();
  });

  it("ignores a friend's update about a group we are not in", () => {
    const { registry } = setup();
    registry.dispatch(
      {
        type: 'voice_channel_update',
        payload: { type: 'join', ...ann, groupId: 'elsewhere', channelName: 'x', groupName: 'y' },
      },
      { channel: 'notification:user#me', offset: 1 },
    );
    expect(queryClient.getQueryData(groupVoiceQuery('me', 'elsewhere').queryKey)).toBeUndefined();
  });

  it('a group channel subscribed afresh, or a resync, reads the lists again', () => {
    const { live, resync } = setup();
    queryClient.setQueryData(voiceKey, [ann]);
    queryClient.setQueryData(groupVoiceQuery('me', 'g2').queryKey, []);
    live[0]?.('notification:user#me');
    expect(queryClient.getQueryState(voiceKey)?.isInvalidated).toBe(false);
    live[0]?.('group#g1');
    expect(queryClient.getQueryState(voiceKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(groupVoiceQuery('me', 'g2').queryKey)?.isInvalidated).toBe(false);
    resync[0]?.();
    expect(queryClient.getQueryState(groupVoiceQuery('me', 'g2').queryKey)?.isInvalidated).toBe(true);
  });
});
