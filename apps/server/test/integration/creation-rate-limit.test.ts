import * as channelApi from '@beseda/protocol/endpoints/channel';
import * as contactApi from '@beseda/protocol/endpoints/contact';
import * as groupApi from '@beseda/protocol/endpoints/group';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats } from '../../src/db/schema/chats.js';
import { contacts } from '../../src/db/schema/contacts.js';
import { channels, groupMembers, groups, invites, roles } from '../../src/db/schema/groups.js';
import { messages } from '../../src/db/schema/messages.js';
import { newPerson, type Person } from './chats-fixtures.js';
import { createGroup } from './groups-fixtures.js';
import { availableDrivers, startServer, type TestResponse, type TestServer } from './harness.js';

/** CREATE_RATE_LIMIT_MAX in these tests: 3 invites, channels and friend requests per user; groups a third: 1. */
const MAX = 3;

describe.each(availableDrivers())('creation limits (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver, { createRateLimitMax: MAX });
  });
  afterAll(() => server.close());

  /** Every table a creation writes to, to prove a refused one wrote nothing. */
  async function rowCounts(): Promise<Record<string, number>> {
    const { db } = server.ctx;
    return {
      groups: await db.$count(groups),
      roles: await db.$count(roles),
      members: await db.$count(groupMembers),
      channels: await db.$count(channels),
      chats: await db.$count(chats),
      messages: await db.$count(messages),
      invites: await db.$count(invites),
      contacts: await db.$count(contacts),
    };
  }

  /** Refused with 429 RATE_LIMITED and a Retry-After within the 10-minute window, and nothing written. */
  async function expectRefused(request: () => Promise<TestResponse>): Promise<void> {
    const before = await rowCounts();
    const refused = await request();
    expect(refused.status).toBe(429);
    expect((refused.body as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await rowCounts()).toEqual(before);
  }

  it('limits new invite codes per user', async () => {
    const owner = await newPerson(server);
    const group = await createGroup(owner);
    const create = (person: Person, body: object = {}) =>
      person.client.call(groupApi.createInvite, { body: { groupId: group.id, ...body } });

    for (let i = 1; i <= MAX; i++) expect((await create(owner, { expiresInHours: i })).status).toBe(200);
    await expectRefused(() => create(owner, { expiresInHours: null }));
    // With no live default invite to hand back, a default request would write a new one: refused too.
    await expectRefused(() => create(owner));
  });

  it('a live default invite is handed back however often the dialog opens', async () => {
    const owner = await newPerson(server);
    const group = await createGroup(owner);
    const create = () => owner.client.call(groupApi.createInvite, { body: { groupId: group.id } });
    const first = await create();
    expect(first.status).toBe(200);
    for (let i = 0; i < MAX * 2; i++) expect((await create()).body).toEqual(first.body);
  });

  it('limits groups per user to a third of the allowance; others are unaffected', async () => {
    const [alice, bob] = [await newPerson(server), await newPerson(server)];
    await createGroup(alice);
    await expectRefused(() => alice.client.call(groupApi.createGroup, { body: { name: 'Ещё один' } }));
    await createGroup(bob);
  });

  it('limits channels per user', async () => {
    const owner = await newPerson(server);
    const group = await createGroup(owner);
    const create = (name: string) =>
      owner.client.call(channelApi.createChannel, { body: { groupId: group.id, name, type: 'TEXT' } });
    for (let i = 1; i <= MAX; i++) expect((await create(`канал-${i}`)).status).toBe(200);
    await expectRefused(() => create('лишний'));
  });

  it('limits friend requests per user', async () => {
    const sender = await newPerson(server);
    const others: Person[] = [];
    for (let i = 0; i <= MAX; i++) others.push(await newPerson(server));
    const send = (to: Person) =>
      sender.client.call(contactApi.sendContactRequest, { body: { nickname: to.user.nickname } });
    for (const other of others.slice(0, MAX)) expect((await send(other)).status).toBe(200);
    const last = others[MAX];
    if (!last) throw new Error('missing person');
    await expectRefused(() => send(last));
    // The addressee's own requests are theirs to spend.
    expect(
      (await last.client.call(contactApi.sendContactRequest, { body: { nickname: sender.user.nickname } })).status,
    ).toBe(200);
  });
});
