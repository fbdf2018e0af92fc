import { groupChannel, userChannel, userMessageChannel } from '@beseda/protocol/realtime';
import { serverEventSchema } from '@beseda/protocol/server-events';
import { describe, expect, it } from 'vitest';
import type { Publisher } from '../../src/realtime/publisher.js';

/** Records what was published; the interesting checks are the compile-time ones below (`npm run typecheck`). */
function recordingPublisher(): Publisher & { published: { channel: string; event: unknown }[] } {
  const published: { channel: string; event: unknown }[] = [];
  return {
    published,
    publish(channel, event) {
      published.push({ channel, event });
      return Promise.resolve();
    },
  };
}

const message = {
  id: 'm',
  chatId: 'c',
  senderId: 'u',
  kind: 'TEXT' as const,
  content: 'привет',
  entities: [],
  system: null,
  createdAt: '2026-11-23T00:00:00.000Z',
  editedAt: null,
  isEdited: false,
  clientId: null,
  linkPreview: null,
};

describe('Publisher: which event may go on which channel', () => {
  it('accepts the pairs the contract allows, and each is a valid server event', async () => {
    const publisher = recordingPublisher();
    await publisher.publish(userMessageChannel('u'), { type: 'new_message', payload: { chatId: 'c', message } });
    await publisher.publish(groupChannel('g'), { type: 'new_message', payload: { chatId: 'c', message } });
    await publisher.publish(userChannel('u'), {
      type: 'contact',
      status: 'pending',
      payload: { from: 'nick', userId: 'u' },
    });
    await publisher.publish(groupChannel('g'), {
      type: 'group_update',
      status: 'group_renamed',
      payload: { groupId: 'g', name: 'Клуб' },
    });
    expect(publisher.published).toHaveLength(4);
    for (const { event } of publisher.published) expect(serverEventSchema.safeParse(event).success).toBe(true);
  });

  it('refuses mismatched pairs at compile time', () => {
    const publisher = recordingPublisher();
    const contact = { type: 'contact', status: 'pending', payload: { from: 'n', userId: 'u' } } as const;
    const read = { type: 'read_message', payload: { chatId: 'c', userId: 'u', messageId: 'm' } } as const;
    const created = { type: 'new_message', payload: { chatId: 'c', message } } as const;
    const groupCreated = { type: 'group_update', status: 'group_created', payload: { groupId: 'g' } } as const;
    const badTyping = { type: 'typing', payload: { chatId: 'c' } } as const;
    const refused = () => [
      // @ts-expect-error contact events go to a user's own channel, never to a group's
      publisher.publish(groupChannel('g'), contact),
      // @ts-expect-error read markers are for the reader's own message channel, not the group's
      publisher.publish(groupChannel('g'), read),
      // @ts-expect-error message events of direct chats go on the message channel, not the personal one
      publisher.publish(userChannel('u'), created),
      // @ts-expect-error a plain string is not a channel name: names come from the typed builders
      publisher.publish('group#g', groupCreated),
      // @ts-expect-error a payload must match its type
      publisher.publish(userMessageChannel('u'), badTyping),
    ];
    expect(typeof refused).toBe('function');
  });
});
