import type { AvatarUploadUrlResponse } from '@beseda/protocol/files';
import { type Group, type GroupEvent, groupEventSchema } from '@beseda/protocol/groups';
import { groupChannel } from '@beseda/protocol/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.js';
import { pngImage } from '../fixtures/images.js';
import { newPerson, type Person, published } from './chats-fixtures.js';
import { groupWith } from './groups-fixtures.js';
import { type Driver, startServer, type TestResponse, type TestServer } from './harness.js';
import { type RealtimeClient, realtimeClient, sleep, waitFor } from './realtime-client.js';
import { deleteRedisKeys, uniqueRedisPrefix } from './realtime-redis.js';

/** PGlite with the in-memory broker always; PostgreSQL with Redis as well when both are provided. */
const setups: { name: string; driver: Driver; redis: boolean }[] = [
  { name: 'pglite, memory broker', driver: 'pglite', redis: false },
  ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
    ? [{ name: 'postgres, redis broker', driver: 'postgres' as const, redis: true }]
    : []),
];

/** upload-url (for this existing group) + PUT, as the web app's «Настройки сервера» does; returns the key. */
async function uploadFor(person: Person, groupId: string, seed: number): Promise<string> {
  const query = new URLSearchParams({ ext: 'png', entity: 'group', subjectId: groupId });
  const target = await person.client.get(`/api/files/avatar/upload-url?${query.toString()}`);
  expect(target.status, target.text).toBe(200);
  const { url, contentType, key } = target.body as AvatarUploadUrlResponse;
  const put = await person.client.put(url, { body: pngImage(8, 8, seed), contentType });
  expect(put.status, put.text).toBe(200);
  return key;
}

function commit(person: Person, key: string, groupId: string): Promise<TestResponse> {
  return person.client.post('/api/files/avatar/commit', { json: { key, entity: 'group', subjectId: groupId } });
}

describe.each(setups)('a group’s new picture reaches its members live ($name)', ({ driver, redis }) => {
  let server: TestServer;
  const clients: RealtimeClient[] = [];
  const redisUrl = process.env.TEST_REDIS_URL ?? '';
  const redisKeyPrefix = uniqueRedisPrefix();

  beforeAll(async () => {
    const overrides: Partial<Config> = redis ? { redisUrl, redisKeyPrefix } : {};
    server = await startServer(driver, overrides);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server.close();
    if (redis) await deleteRedisKeys(redisUrl, redisKeyPrefix);
  });

  /** A member listening on the group channel with the real `centrifuge` client; returns what it has received. */
  async function listening(person: Person, groupId: string): Promise<() => GroupEvent[]> {
    const client = realtimeClient(person.client, () => `${server.url.replace('http', 'ws')}/connection/websocket`);
    clients.push(client);
    await client.connected();
    const sub = client.subscribe(groupChannel(groupId));
    await waitFor(() => sub.state === 'subscribed', 5_000, 'subscribed to the group channel');
    return () => (client.received.get(groupChannel(groupId)) ?? []).map((data) => groupEventSchema.parse(data));
  }

  it('the owner commits a picture: another member hears group_avatar_changed with the new avatarUrl', async () => {
    const [owner, member] = [await newPerson(server), await newPerson(server)];
    const group = await groupWith(owner, member);
    const received = await listening(member, group.id);

    const key = await uploadFor(owner, group.id, 3);
    const committed = await commit(owner, key, group.id);
    expect(committed.status, committed.text).toBe(200);
    const avatarUrl = `/api/files/avatar/${key}`;
    expect((committed.body as { group: Group }).group.avatarUrl).toBe(avatarUrl);

    await waitFor(() => received().length === 1, 5_000, 'group_avatar_changed');
    expect(received()).toEqual([
      { type: 'group_update', status: 'group_avatar_changed', payload: { groupId: group.id, avatarUrl } },
    ]);
    // What the event says is what the member reads when they load the group.
    const seen = (await member.client.get(`/api/group/${group.id}`)).body as { group: Group };
    expect(seen.group.avatarUrl).toBe(avatarUrl);
  });

  it('a member’s commit is 403 NOT_GROUP_OWNER and publishes nothing; the owner’s next one is the only event', async () => {
    const [owner, member] = [await newPerson(server), await newPerson(server)];
    const group = await groupWith(owner, member);
    const received = await listening(owner, group.id);
    // A member may upload a group picture (for a group of their own), but not commit it to someone else's group.
    const memberUpload = await member.client.get('/api/files/avatar/upload-url?ext=png&entity=group');
    expect(memberUpload.status).toBe(200);
    const { url, contentType, key: memberKey } = memberUpload.body as AvatarUploadUrlResponse;
    expect((await member.client.put(url, { body: pngImage(8, 8, 5), contentType })).status).toBe(200);

    const refused = await commit(member, memberKey, group.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'NOT_GROUP_OWNER' } });
    // Give a wrongly published event the time it would need to arrive, then check the channel's history too.
    await sleep(300);
    expect(received()).toEqual([]);
    const history = await published(server, groupChannel(group.id));
    expect(history.filter((event) => event.status === 'group_avatar_changed')).toEqual([]);
    expect(((await owner.client.get(`/api/group/${group.id}`)).body as { group: Group }).group.avatarUrl).toBeNull();

    // The stream is alive: the owner's own commit arrives, and it is the only picture event.
    const ownerKey = await uploadFor(owner, group.id, 9);
    expect((await commit(owner, ownerKey, group.id)).status).toBe(200);
    await waitFor(() => received().length === 1, 5_000, 'the owner’s group_avatar_changed');
    expect(received()).toEqual([
      {
        type: 'group_update',
        status: 'group_avatar_changed',
        payload: { groupId: group.id, avatarUrl: `/api/files/avatar/${ownerKey}` },
      },
    ]);
  });
});
