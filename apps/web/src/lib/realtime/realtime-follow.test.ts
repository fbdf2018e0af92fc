import { describe, expect, it, vi } from 'vitest';
import type { Logger } from '../logger';
import { FakeCentrifuge } from './fake-centrifuge';
import { RealtimeClient } from './realtime-client';

const GROUP = 'group#g1';

function setup() {
  const created: FakeCentrifuge[] = [];
  const logger: Logger = { debug: vi.fn(), log: vi.fn(), warn: vi.fn(), error: vi.fn(), child: () => logger };
  const client = new RealtimeClient({
    url: 'ws://app.test/connection/websocket',
    getToken: () => Promise.resolve('jwt'),
    logger,
    createCentrifuge: (url, options) => {
      const fake = new FakeCentrifuge(url, options);
      created.push(fake);
      return fake;
    },
  });
  return { client, created };
}

describe('RealtimeClient.follow (group channels)', () => {
  it('subscribes a channel followed before the start once connected, and one followed later at once', () => {
    const { client, created } = setup();
    client.follow(GROUP);
    client.start('u1');
    const fake = created[0];
    expect(fake?.subscription(GROUP).subscribed).toBe(true);
    client.follow('group#g2');
    expect(fake?.subscription('group#g2').subscribed).toBe(true);
    // Following twice makes no second subscription (centrifuge would refuse it).
    client.follow(GROUP);
    expect(fake?.subscriptions.filter((sub) => sub.channel === GROUP)).toHaveLength(1);
  });

  it('unsubscribes when unfollowed and delivers the channel publications to the handlers', () => {
    const { client, created } = setup();
    client.start('u1');
    const unfollow = client.follow(GROUP);
    const handler = vi.fn();
    client.on('group_update', handler);
    const sub = created[0]?.subscription(GROUP);
    const event = { type: 'group_update', status: 'group_renamed', payload: { groupId: 'g1', name: 'x' } };
    sub?.emit('publication', { channel: GROUP, data: event, offset: 1 });
    expect(handler).toHaveBeenCalledTimes(1);
    unfollow();
    expect(sub?.subscribed).toBe(false);
  });

  it('keeps followed channels across a stop and start: the follower unfollows them', () => {
    const { client, created } = setup();
    const unfollow = client.follow(GROUP);
    client.start('u1');
    client.stop();
    client.start('u1');
    expect(created.at(-1)?.subscription(GROUP).subscribed).toBe(true);
    unfollow();
    client.stop();
    client.start('u1');
    expect(created.at(-1)?.subscriptions.map((sub) => sub.channel)).not.toContain(GROUP);
  });
});
