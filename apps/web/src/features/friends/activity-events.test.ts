import { QueryObserver } from '@tanstack/react-query';
import { userChannel } from '@beseda/protocol/realtime';
import type { ActivityNeighbour } from '@beseda/protocol/voice';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query/query-client';
import { createEventRegistry } from '../../lib/realtime/events';
import { useUserStore } from '../auth/user-store';
import { fetchActivityNeighbours } from './activity-api';
import { activityQuery, registerActivityEvents } from './activity-queries';
import { activityList, EMPTY_ACTIVITY } from './activity-state';

vi.mock('./activity-api', () => ({ fetchActivityNeighbours: vi.fn(() => Promise.resolve([])) }));

const LOBBY = { channelId: 'c1', channelName: 'Лобби', groupId: 'g1', groupName: 'Сервер' };
const JOINED_AT = '2026-01-01T10:00:00.000Z';
const meta = { channel: userChannel('me'), offset: 1 };

function liveClient() {
  const registry = createEventRegistry(() => undefined);
  const resync = new Set<() => void>();
  const live = new Set<(channel: string) => void>();
  return {
    registry,
    client: {
      on: registry.on,
      onResync(listener: () => void) {
        resync.add(listener);
        return () => resync.delete(listener);
      },
      onLive(listener: (channel: string) => void) {
        live.add(listener);
        return () => live.delete(listener);
      },
    },
    resync: () => resync.forEach((listener) => listener()),
    subscribed: (channel: string) => live.forEach((listener) => listener(channel)),
  };
}

/** The panel on screen: it holds the list, and an invalidation refetches it. */
async function showingPanel(): Promise<{ rows(): ActivityNeighbour[]; stop(): void }> {
  const observer = new QueryObserver(queryClient, activityQuery('me'));
  const stop = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
  vi.mocked(fetchActivityNeighbours).mockClear();
  return { rows: () => activityList(observer.getCurrentResult().data ?? EMPTY_ACTIVITY), stop };
}

beforeEach(() => useUserStore.setState({ id: 'me', authenticated: true }));
afterEach(() => {
  queryClient.clear();
  useUserStore.getState().reset();
  vi.clearAllMocks();
});

describe('registerActivityEvents', () => {
  it('adds a join, and removes the user on leave', async () => {
    const panel = await showingPanel();
    const { registry, client } = liveClient();
    const off = registerActivityEvents(client, () => 'me');
    registry.dispatch(
      {
        type: 'voice_channel_update',
        payload: {
          type: 'join',
          userId: 'u2',
          joinedAt: JOINED_AT,
          micEnabled: true,
          cameraEnabled: false,
          screenShareEnabled: false,
          ...LOBBY,
        },
      },
      meta,
    );
    expect(panel.rows()).toEqual([{ userId: 'u2', voiceChannel: { ...LOBBY, joinedAt: JOINED_AT } }]);
    registry.dispatch(
      { type: 'voice_channel_update', payload: { type: 'leave', userId: 'u2', channelId: 'c1', groupId: 'g1' } },
      meta,
    );
    expect(panel.rows()).toEqual([]);
    off();
    panel.stop();
  });

  it('reads the list again when the user channel goes live or a reconnect missed events', async () => {
    const panel = await showingPanel();
    const { client, resync, subscribed } = liveClient();
    const off = registerActivityEvents(client, () => 'me');
    vi.mocked(fetchActivityNeighbours).mockResolvedValue([
      { userId: 'u3', voiceChannel: { ...LOBBY, joinedAt: JOINED_AT } },
    ]);
    subscribed(userChannel('someone-else'));
    subscribed(userChannel('me'));
    await vi.waitFor(() => expect(panel.rows().map((row) => row.userId)).toEqual(['u3']));
    expect(fetchActivityNeighbours).toHaveBeenCalledOnce();
    resync();
    await vi.waitFor(() => expect(fetchActivityNeighbours).toHaveBeenCalledTimes(2));
    off();
    resync();
    expect(fetchActivityNeighbours).toHaveBeenCalledTimes(2);
    panel.stop();
  });
});
