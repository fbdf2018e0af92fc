import type { Message } from '@beseda/protocol/chats';
import { urlOf } from '@beseda/protocol/endpoint';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as filesApi from '@beseda/protocol/endpoints/files';
import * as groupApi from '@beseda/protocol/endpoints/group';
import { type Group, type GroupEvent, groupEventSchema } from '@beseda/protocol/groups';
import type { MessageEntity } from '@beseda/protocol/markup-schema';
import { groupChannel, userChannel } from '@beseda/protocol/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.js';
import { pngImage } from '../fixtures/images.js';
import { newPerson, type Person, published } from './chats-fixtures.js';
import { commit, put, upload, uploadUrl } from './files-fixtures.js';
import { channelByKey, createChannel, createGroup, createInvite, groupWith } from './groups-fixtures.js';
import { type Driver, startServer, type TestServer } from './harness.js';
import { type RealtimeClient, realtimeClient, sleep, waitFor } from './realtime-client.js';
import { deleteRedisKeys, uniqueRedisPrefix } from './realtime-redis.js';

/** PGlite with the in-memory broker always; PostgreSQL with Redis as well when both are provided. */
const setups: { name: string; driver: Driver; redis: boolean }[] = [
  { name: 'pglite, memory broker', driver: 'pglite', redis: false },
  ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
    ? [{ name: 'postgres, redis broker', driver: 'postgres' as const, redis: true }]
    : []),
];

describe.each(setups)('group channel through the app ($name)', ({ driver, redis }) => {
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

  async function connect(person: Person): Promise<RealtimeClient> {
    const client = realtimeClient(person.client, () => `${server.url.replace('http', 'ws')}/connection/websocket`);
    clients.push(client);
    await client.connected();
    return client;
  }

  async function subscribed(client: RealtimeClient, channel: string): Promise<void> {
    const sub = client.subscribe(channel);
    await waitFor(() => sub.state === 'subscribed', 5_000, `subscribed to ${channel}`);
  }

  /** The code a refused subscribe ends with; the subscription is then dropped so the test may subscribe again. */
  async function refusal(client: RealtimeClient, channel: string): Promise<number> {
    const sub = client.centrifuge.newSubscription(channel);
    const code = new Promise<number>((resolve) => sub.on('unsubscribed', (ctx) => resolve(ctx.code)));
    sub.subscribe();
    const result = await code;
    client.centrifuge.removeSubscription(sub);
    return result;
  }

  it('a non-member cannot subscribe to the group channel (103); unknown and malformed groups neither', async () => {
    const [owner, stranger] = [await newPerson(server), await newPerson(server)];
    const group = await createGroup(owner);
    const client = await connect(stranger);
    expect(await refusal(client, groupChannel(group.id))).toBe(103);
    expect(await refusal(client, groupChannel('01890000-0000-7000-8000-000000000000'))).toBe(103);
    expect(await refusal(client, 'group#not-a-uuid')).toBe(103);
    expect(client.centrifuge.state).toBe('connected');
  });

  it('members receive group updates live: a new channel appears in the other member’s sidebar', async () => {
    const [owner, member] = [await newPerson(server), await newPerson(server)];
    const group = await groupWith(owner, member);
    const client = await connect(member);
    await subscribed(client, groupChannel(group.id));
    const voice = await createChannel(owner, group.id, 'Голосовой', 'RTCP');
    const events = () => (client.received.get(groupChannel(group.id)) ?? []) as GroupEvent[];
    await waitFor(() => events().length === 1, 5_000, 'channel_created');
    const event = groupEventSchema.parse(events()[0]);
    expect(event).toMatchObject({
      status: 'channel_created',
      payload: { groupId: group.id, channel: { id: voice.id } },
    });
  });

  it('after accepting an invite the new member subscribes and gets messages of a text channel live, with markup', async () => {
    const [owner, joiner] = [await newPerson(server), await newPerson(server)];
    const group = await createGroup(owner);
    const chatId = channelByKey(group, 'general').chatId ?? '';
    const { code } = await createInvite(owner, group.id);

    const client = await connect(joiner);
    await subscribed(client, userChannel(joiner.user.id));
    expect(await refusal(client, groupChannel(group.id))).toBe(103);

    const ownerClient = await connect(owner);
    await subscribed(ownerClient, groupChannel(group.id));

    expect((await joiner.client.call(groupApi.acceptInvite, { body: { code } })).status).toBe(200);
    // The joiner's own channel says which group to subscribe to (their other tabs do the same).
    await waitFor(() => (client.received.get(userChannel(joiner.user.id)) ?? []).length === 1, 5_000, 'joined event');
    expect(client.received.get(userChannel(joiner.user.id))?.[0]).toMatchObject({
      type: 'group_update',
      status: 'member_joined',
      payload: { groupId: group.id },
    });
    const ownerEvents = () => ownerClient.received.get(groupChannel(group.id)) ?? [];
    await waitFor(() => ownerEvents().length === 2, 5_000, 'member_joined + notice');
    expect(ownerEvents().map((e) => (e as GroupEvent).status ?? (e as { type: string }).type)).toEqual([
      'member_joined',
      'new_message',
    ]);

    await subscribed(client, groupChannel(group.id));
    const content = '**привет** и `код`';
    const entities: MessageEntity[] = [
      { type: 'bold', offset: 0, length: 10 },
      { type: 'code', offset: 13, length: 5 },
    ];
    const sent = await owner.client.call(chatApi.sendMessage, {
      query: { chatId },
      body: { content, entities, clientId: 'o-1' },
    });
    expect(sent.status).toBe(200);
    const message = (sent.body as { message: Message }).message;
    const received = () => client.received.get(groupChannel(group.id)) ?? [];
    await waitFor(() => received().length === 1, 5_000, 'new_message');
    // Logged events carry their delivery-log id; typing is not logged and has none.
    expect(received()[0]).toEqual({ id: expect.any(String), type: 'new_message', payload: { chatId, message } });
    expect(message).toMatchObject({ content, entities, senderId: owner.user.id });

    // And back: the joiner types and writes; the owner sees both live.
    await joiner.client.call(chatApi.sendTyping, { query: { chatId }, body: { isTyping: true } });
    await joiner.client.call(chatApi.sendMessage, { query: { chatId }, body: { content: 'ответ' } });
    await waitFor(() => ownerEvents().length === 5, 5_000, 'typing + message');
    expect(ownerEvents().slice(2)).toEqual([
      { id: expect.any(String), type: 'new_message', payload: { chatId, message } },
      { type: 'typing', payload: { chatId, userId: joiner.user.id, name: joiner.user.nickname } },
      {
        id: expect.any(String),
        type: 'new_message',
        payload: { chatId, message: expect.objectContaining({ content: 'ответ' }) },
      },
    ]);
  });

  /** upload-url for this existing group + PUT, as «Настройки сервера» does; returns the key. */
  async function groupPicture(person: Person, groupId: string, seed: number): Promise<string> {
    const target = await uploadUrl(person, 'group', 'png', groupId);
    expect((await put(person, target.url, pngImage(8, 8, seed), target.contentType)).status).toBe(200);
    return target.key;
  }

  /** A member listening on the group channel; returns what it has received, parsed. */
  async function listening(person: Person, groupId: string): Promise<() => GroupEvent[]> {
    const client = await connect(person);
    await subscribed(client, groupChannel(groupId));
    return () => (client.received.get(groupChannel(groupId)) ?? []).map((data) => groupEventSchema.parse(data));
  }

  it('the owner commits a picture: another member hears group_avatar_changed with the new avatarUrl', async () => {
    const [owner, member] = [await newPerson(server), await newPerson(server)];
    const group = await groupWith(owner, member);
    const received = await listening(member, group.id);

    const key = await groupPicture(owner, group.id, 3);
    const committed = await commit(owner, key, 'group', group.id);
    expect(committed.status, committed.text).toBe(200);
    const avatarUrl = urlOf(filesApi.getAvatar, { params: { key } });
    expect((committed.body as { group: Group }).group.avatarUrl).toBe(avatarUrl);

    await waitFor(() => received().length === 1, 5_000, 'group_avatar_changed');
    expect(received()).toEqual([
      { type: 'group_update', status: 'group_avatar_changed', payload: { groupId: group.id, avatarUrl } },
    ]);
    // What the event says is what the member reads when they load the group.
    const seen = (await member.client.call(groupApi.getGroup, { params: { id: group.id } })).body as { group: Group };
    expect(seen.group.avatarUrl).toBe(avatarUrl);
  });

  it('a member’s commit is 403 NOT_GROUP_OWNER and publishes nothing; the owner’s next one is the only event', async () => {
    const [owner, member] = [await newPerson(server), await newPerson(server)];
    const group = await groupWith(owner, member);
    const received = await listening(owner, group.id);
    // A member may upload a group picture (for a group of their own), but not commit it to someone else's group.
    const memberKey = await upload(member, 'group', pngImage(8, 8, 5));

    const refused = await commit(member, memberKey, 'group', group.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'NOT_GROUP_OWNER' } });
    // Give a wrongly published event the time it would need to arrive, then check the channel's history too.
    await sleep(300);
    expect(received()).toEqual([]);
    const history = await published(server, groupChannel(group.id));
    expect(history.filter((event) => event.type === 'group_update' && event.status === 'group_avatar_changed')).toEqual(
      [],
    );
    expect(
      ((await owner.client.call(groupApi.getGroup, { params: { id: group.id } })).body as { group: Group }).group
        .avatarUrl,
    ).toBeNull();

    // The stream is alive: the owner's own commit arrives, and it is the only picture event.
    const ownerKey = await groupPicture(owner, group.id, 9);
    expect((await commit(owner, ownerKey, 'group', group.id)).status).toBe(200);
    await waitFor(() => received().length === 1, 5_000, 'the owner’s group_avatar_changed');
    expect(received()).toEqual([
      {
        type: 'group_update',
        status: 'group_avatar_changed',
        payload: { groupId: group.id, avatarUrl: urlOf(filesApi.getAvatar, { params: { key: ownerKey } }) },
      },
    ]);
  });
});
