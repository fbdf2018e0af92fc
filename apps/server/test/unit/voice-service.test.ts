import type { Delivery } from '@beseda/protocol/server-events';
import { VOICE_HEARTBEAT_EXPIRY_MS } from '@beseda/protocol/voice';
import { describe, expect, it } from 'vitest';
import { MemoryVoiceStateStore } from '../../src/features/voice/memory-store.js';
import { VoiceService } from '../../src/features/voice/service.js';
import { NO_FLAGS } from '../../src/features/voice/state.js';
import { createLogger } from '../../src/logger.js';
import type { MediaRooms } from '../../src/media/media.js';

const T0 = 1_764_000_000_000;

/** The service with its database-backed collaborators replaced: only the store, the media rooms and events matter. */
function voiceService(store: MemoryVoiceStateStore, media: MediaRooms, now: () => number) {
  const announced: Delivery[] = [];
  const unused = () => Promise.reject(new Error('not used by this test'));
  const service = new VoiceService({
    store,
    media,
    channels: { requireMember: unused, names: async () => new Map() },
    groups: { requireMember: unused, isMember: async () => true, groupIdsOf: async () => [] },
    contacts: { friendIdsOf: async () => [] },
    accounts: { findUser: async () => undefined },
    events: { announce: async (deliveries) => void announced.push(...deliveries) },
    joins: { take: async () => undefined },
    directCalls: { endCallsOf: async () => undefined },
    logger: createLogger('silent'),
    now,
  });
  return { service, announced };
}

const media = (removeParticipant: MediaRooms['removeParticipant']): MediaRooms => ({
  urlFor: () => 'ws://media',
  mintToken: async () => 'token',
  removeParticipant,
});

describe('VoiceService', () => {
  it('a heartbeat that lands between the sweep’s read and its removal keeps the participant', async () => {
    const now = T0 + VOICE_HEARTBEAT_EXPIRY_MS + 1_000;
    // Another process's heartbeat, arriving just after this process listed the stale users.
    class RacingStore extends MemoryVoiceStateStore {
      override async staleUsers(before: number): Promise<string[]> {
        const stale = await super.staleUsers(before);
        await this.heartbeat('user-1', now, {});
        return stale;
      }
    }
    const store = new RacingStore();
    await store.join({
      userId: 'user-1',
      channelId: 'c',
      groupId: 'g',
      joinedAt: T0,
      heartbeatAt: T0,
      flags: NO_FLAGS,
    });
    const removed: string[] = [];
    const { service, announced } = voiceService(
      store,
      media(async (room) => void removed.push(room)),
      () => now,
    );

    expect(await service.sweep()).toBe(0);
    expect(await store.get('user-1')).toMatchObject({ channelId: 'c', heartbeatAt: now });
    expect(removed).toEqual([]);
    expect(announced).toEqual([]);
  });

  it('a media server that fails to drop the old connection does not fail the leave', async () => {
    const store = new MemoryVoiceStateStore();
    await store.join({
      userId: 'user-1',
      channelId: 'c',
      groupId: 'g',
      joinedAt: T0,
      heartbeatAt: T0,
      flags: NO_FLAGS,
    });
    const failing = media(() => Promise.reject(new Error('media server down')));
    const { service, announced } = voiceService(store, failing, () => T0);

    await service.leave('user-1');
    expect(await store.get('user-1')).toBeNull();
    expect(announced.map((delivery) => delivery.event)).toEqual([
      { type: 'voice_channel_update', payload: { type: 'leave', userId: 'user-1', channelId: 'c', groupId: 'g' } },
    ]);
    await service.close();
  });
});
