import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../features/auth/user-store';
import { resyncChats } from '../../features/chats/chats-store';
import { resyncGroups } from '../../features/groups/groups-queries';
import type { Logger } from '../../lib/logger';
import { FakeCentrifuge } from '../../lib/realtime/fake-centrifuge';
import { RealtimeClient } from '../../lib/realtime/realtime-client';
import { registerRealtimeFeatures } from './app-realtime-client';

vi.mock('../../features/chats/chats-store', () => ({ resyncChats: vi.fn() }));
vi.mock('../../features/groups/groups-queries', () => ({ resyncGroups: vi.fn(), groupsQuery: vi.fn() }));
vi.mock('../../features/groups/groups-events', () => ({ registerGroupEvents: () => () => undefined }));
vi.mock('../../features/friends/contacts-events', () => ({ registerContactEvents: () => () => undefined }));
vi.mock('../../features/direct-calls/direct-call-events', () => ({ registerDirectCallEvents: () => () => undefined }));

afterEach(() => {
  useUserStore.getState().reset();
  vi.clearAllMocks();
});

const fresh = (channel: string) => ({
  channel,
  recoverable: true,
  positioned: true,
  streamPosition: { offset: 0, epoch: 'e1' },
  wasRecovering: false,
  recovered: false,
  hasRecoveredPublications: false,
});

describe('registerRealtimeFeatures', () => {
  it('re-reads the chats and the groups when the personal channels are subscribed afresh, not for other channels', () => {
    useUserStore.setState({ id: 'me' });
    const logger: Logger = { debug: vi.fn(), log: vi.fn(), warn: vi.fn(), error: vi.fn(), child: () => logger };
    let fake: FakeCentrifuge | undefined;
    const client = new RealtimeClient({
      url: 'ws://app.test/connection/websocket',
      getToken: () => Promise.resolve('jwt'),
      logger,
      createCentrifuge: (url, options) => (fake = new FakeCentrifuge(url, options)),
    });
    const stop = registerRealtimeFeatures(client);
    client.follow('group#g1');
    client.start('me');
    fake?.emit('connected', { client: 'c1', transport: 'websocket' });
    // Published between the initial loads and now: only a re-read brings it.
    fake?.subscription('notification:user:message#me').emit('subscribed', fresh('notification:user:message#me'));
    expect(resyncChats).toHaveBeenCalledOnce();
    fake?.subscription('notification:user#me').emit('subscribed', fresh('notification:user#me'));
    expect(resyncGroups).toHaveBeenCalledWith('me');
    fake?.subscription('group#g1').emit('subscribed', fresh('group#g1'));
    expect(resyncChats).toHaveBeenCalledOnce();
    expect(resyncGroups).toHaveBeenCalledOnce();
    stop();
    client.stop();
  });
});
