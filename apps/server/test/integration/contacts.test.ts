import type { Contact } from '@beseda/protocol/contacts';
import * as contactApi from '@beseda/protocol/endpoints/contact';
import { userChannel } from '@beseda/protocol/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../src/db/schema/contacts.js';
import { eventually, newPerson, type Person, published } from './chats-fixtures.js';
import { availableDrivers, startServer, type TestServer } from './harness.js';

function contactsOf(body: unknown): Contact[] {
  return (body as { contacts: Contact[] }).contacts;
}

describe.each(availableDrivers())('contacts (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  async function list(person: Person): Promise<{ nickname: string; status: string; direction: string }[]> {
    const response = await person.client.call(contactApi.listContacts);
    expect(response.status).toBe(200);
    return contactsOf(response.body).map((c) => ({
      nickname: c.user.nickname,
      status: c.status,
      direction: c.direction,
    }));
  }

  const send = (from: Person, to: Person | string) =>
    from.client.call(contactApi.sendContactRequest, {
      body: { nickname: typeof to === 'string' ? to : to.user.nickname },
    });
  const PATCHES = {
    accept: contactApi.acceptContactRequest,
    reject: contactApi.rejectContactRequest,
    cancel: contactApi.cancelContactRequest,
  };
  const patch = (op: keyof typeof PATCHES, from: Person, to: Person) =>
    from.client.call(PATCHES[op], { body: { nickname: to.user.nickname } });
  const remove = (from: Person, to: Person) =>
    from.client.call(contactApi.deleteContact, { body: { nickname: to.user.nickname } });

  /** The `contact` events of the user's channel (the same changes also add to their inbox: `notification_new`). */
  async function contactEvents(person: Person) {
    return (await published(server, userChannel(person.user.id))).filter((event) => event.type === 'contact');
  }

  it('a request is pending for both sides, with directions, and both channels hear of it', async () => {
    const [a, b] = [await newPerson(server), await newPerson(server)];
    const response = await send(a, b);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      contact: {
        user: {
          id: b.user.id,
          nickname: b.user.nickname,
          name: b.user.nickname,
          avatarUrl: null,
          online: { status: 'offline', lastSeen: null },
        },
        status: 'PENDING',
        direction: 'OUTGOING',
      },
    });
    expect(await list(a)).toEqual([{ nickname: b.user.nickname, status: 'PENDING', direction: 'OUTGOING' }]);
    expect(await list(b)).toEqual([{ nickname: a.user.nickname, status: 'PENDING', direction: 'INCOMING' }]);
    const event = { type: 'contact', status: 'pending', payload: { from: a.user.nickname, userId: a.user.id } };
    expect(await contactEvents(b)).toEqual([event]);
    expect(await contactEvents(a)).toEqual([event]);
  });

  it('refuses oneself, unknown or wrongly cased nicknames and duplicates, changing nothing', async () => {
    const [a, b] = [await newPerson(server), await newPerson(server)];
    expect((await send(a, b)).status).toBe(200);
    const before = await server.ctx.db.$count(contacts);

    const self = await send(a, a);
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ error: { code: 'CONTACT_SELF' } });
    const unknown = await send(a, 'nobody_by_this_name');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { code: 'USER_NOT_FOUND' } });
    const cased = await send(a, b.user.nickname.toUpperCase());
    expect(cased.status).toBe(404);
    const again = await send(a, b);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: 'CONTACT_EXISTS' } });
    const blank = await a.client.call(contactApi.sendContactRequest, { body: { nickname: '  ' } });
    expect(blank.status).toBe(400);

    expect(await server.ctx.db.$count(contacts)).toBe(before);
    expect(await list(a)).toEqual([{ nickname: b.user.nickname, status: 'PENDING', direction: 'OUTGOING' }]);
    expect(await contactEvents(b)).toHaveLength(1);
  });

  it('a request back accepts the pending one (as Discord does); then both are friends and re-sending is 409', async () => {
    const [a, b] = [await newPerson(server), await newPerson(server)];
    await send(a, b);
    const back = await send(b, a);
    expect(back.status).toBe(200);
    expect((back.body as { contact: Contact }).contact).toMatchObject({ status: 'ACCEPTED', direction: 'INCOMING' });
    expect(await list(a)).toEqual([{ nickname: b.user.nickname, status: 'ACCEPTED', direction: 'OUTGOING' }]);
    expect(await list(b)).toEqual([{ nickname: a.user.nickname, status: 'ACCEPTED', direction: 'INCOMING' }]);
    expect((await contactEvents(a)).map((e) => (e.type === 'contact' ? e.status : e.type))).toEqual([
      'pending',
      'accepted',
    ]);
    expect((await contactEvents(a))[1]?.payload).toEqual({ from: b.user.nickname, userId: b.user.id });
    expect((await send(a, b)).status).toBe(409);
    expect((await send(b, a)).status).toBe(409);
  });

  it('two requests crossing each other end as one friendship, never two rows', async () => {
    const [a, b] = [await newPerson(server), await newPerson(server)];
    const before = await server.ctx.db.$count(contacts);
    const responses = await Promise.all([send(a, b), send(b, a)]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    expect(await server.ctx.db.$count(contacts)).toBe(before + 1);
    expect((await list(a))[0]?.status).toBe('ACCEPTED');
    expect((await list(b))[0]?.status).toBe('ACCEPTED');
  });

  it('only the addressee accepts or rejects; only the requester cancels', async () => {
    const [a, b] = [await newPerson(server), await newPerson(server)];
    await send(a, b);
    for (const response of [await patch('accept', a, b), await patch('reject', a, b), await patch('cancel', b, a)]) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ error: { code: 'CONTACT_NOT_FOUND' } });
    }
    expect(await list(b)).toEqual([{ nickname: a.user.nickname, status: 'PENDING', direction: 'INCOMING' }]);

    const accepted = await patch('accept', b, a);
    expect(accepted.status).toBe(200);
    expect((accepted.body as { contact: Contact }).contact).toMatchObject({
      status: 'ACCEPTED',
      direction: 'INCOMING',
    });
    expect((await contactEvents(a)).at(-1)).toEqual({
      type: 'contact',
      status: 'accepted',
      payload: { from: b.user.nickname, userId: b.user.id },
    });
    // Accepted: nothing pending any more.
    expect((await patch('accept', b, a)).status).toBe(404);
    expect((await patch('cancel', a, b)).status).toBe(404);
  });

  it('reject deletes the request, tells the requester, and lets them ask again', async () => {
    const [a, b] = [await newPerson(server), await newPerson(server)];
    await send(a, b);
    expect((await patch('reject', b, a)).body).toEqual({ ok: true });
    expect(await list(a)).toEqual([]);
    expect(await list(b)).toEqual([]);
    expect((await contactEvents(a)).at(-1)).toEqual({
      type: 'contact',
      status: 'rejected',
      payload: { from: b.user.nickname, userId: b.user.id },
    });
    expect((await send(a, b)).status).toBe(200);
  });

  it('cancel withdraws an outgoing request and tells the addressee', async () => {
    const [a, b] = [await newPerson(server), await newPerson(server)];
    await send(a, b);
    expect((await patch('cancel', a, b)).status).toBe(200);
    expect(await list(b)).toEqual([]);
    expect((await contactEvents(b)).map((e) => (e.type === 'contact' ? e.status : e.type))).toEqual([
      'pending',
      'cancelled',
    ]);
    expect((await send(b, a)).status).toBe(200);
    expect(await list(a)).toEqual([{ nickname: b.user.nickname, status: 'PENDING', direction: 'INCOMING' }]);
  });

  it('delete removes a friend (either side), only a friend', async () => {
    const [a, b, c] = [await newPerson(server), await newPerson(server), await newPerson(server)];
    await send(a, b);
    expect((await remove(a, b)).status).toBe(404);
    await patch('accept', b, a);
    expect((await remove(a, c)).status).toBe(404);
    const removed = await remove(b, a);
    expect(removed.status).toBe(200);
    expect(await list(a)).toEqual([]);
    expect((await contactEvents(a)).at(-1)).toMatchObject({ status: 'removed', payload: { userId: b.user.id } });
    expect((await contactEvents(b)).at(-1)).toMatchObject({ status: 'removed', payload: { userId: b.user.id } });
  });

  it('lists friends first, then requests; needs a session', async () => {
    const [a, b, c] = [await newPerson(server), await newPerson(server), await newPerson(server)];
    await send(c, a);
    await send(a, b);
    await patch('accept', b, a);
    expect((await list(a)).map((x) => [x.nickname, x.status])).toEqual([
      [b.user.nickname, 'ACCEPTED'],
      [c.user.nickname, 'PENDING'],
    ]);
    expect((await server.client().call(contactApi.listContacts)).status).toBe(401);
    expect(
      (await server.client().call(contactApi.sendContactRequest, { body: { nickname: a.user.nickname } })).status,
    ).toBe(401);
  });

  it('presence: friends see each other online and hear set_online_status; strangers do not', async () => {
    const [a, b, stranger] = [await newPerson(server), await newPerson(server), await newPerson(server)];
    await send(a, b);
    await patch('accept', b, a);
    expect(await server.ctx.contacts.contactIdsOf(a.user.id)).toEqual([b.user.id]);

    // What a live WebSocket connection of `a` does to presence, without opening one.
    await server.ctx.broker.presenceAdd(a.user.id, `test-${a.user.id}`);
    try {
      const online = await eventually(
        () => published(server, userChannel(b.user.id)),
        (events) => events.some((e) => e.type === 'set_online_status'),
      );
      expect(online.find((e) => e.type === 'set_online_status')?.payload).toMatchObject({
        userId: a.user.id,
        online: true,
      });
      const seen = contactsOf((await b.client.call(contactApi.listContacts)).body)[0];
      expect(seen?.user.online.status).toBe('online');
      expect((await published(server, userChannel(stranger.user.id))).length).toBe(0);
    } finally {
      await server.ctx.broker.presenceRemove(a.user.id, `test-${a.user.id}`);
    }
  });
});
