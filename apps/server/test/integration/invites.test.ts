import type { Message } from '@beseda/protocol/chats';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as groupApi from '@beseda/protocol/endpoints/group';
import type { Group, InviteResponse } from '@beseda/protocol/groups';
import { groupChannel, userChannel } from '@beseda/protocol/realtime';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, invites } from '../../src/db/schema/groups.js';
import { newPerson, type Person, published } from './chats-fixtures.js';
import { channelByKey, createGroup, createInvite, groupWith } from './groups-fixtures.js';
import { availableDrivers, slashTwin, startServer, type TestServer } from './harness.js';

describe.each(availableDrivers())('invites (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  const accept = (person: Person, code: string) => person.client.call(groupApi.acceptInvite, { body: { code } });
  const preview = (person: Person, code: string) =>
    person.client.call(groupApi.getInvite, { params: { code: encodeURIComponent(code) } });
  const notFound = { error: { code: 'INVITE_NOT_FOUND', message: 'Invite not found or no longer valid' } };

  it('any member creates an invite: a 10-character URL-safe code for 7 days, reused while it has a day left', async () => {
    const [owner, member] = [await newPerson(server), await newPerson(server)];
    const group = await groupWith(owner, member);
    const started = Date.now();
    const invite = await createInvite(member, group.id);
    expect(invite).toEqual({
      code: expect.stringMatching(/^[A-Za-z0-9]{10}$/),
      link: { code: invite.code, groupId: group.id },
      expiresAt: expect.any(String),
    });
    const ttl = new Date(invite.expiresAt ?? 0).getTime() - started;
    expect(ttl).toBeGreaterThan(167 * 3_600_000);
    expect(ttl).toBeLessThanOrEqual(168 * 3_600_000 + 5_000);
    expect((await createInvite(member, group.id)).code).toBe(invite.code);
    // Explicit lifetimes always mint a new code; null never expires.
    const short = await createInvite(member, group.id, { expiresInHours: 1 });
    expect(short.code).not.toBe(invite.code);
    const permanent = await createInvite(member, group.id, { expiresInHours: null });
    expect(permanent.expiresAt).toBeNull();
    // A plain request still answers with the expiring default link, never with the permanent one made since.
    expect((await createInvite(member, group.id)).code).toBe(invite.code);
    expect(
      (await member.client.call(groupApi.createInvite, { body: { groupId: group.id, expiresInHours: 0 } })).status,
    ).toBe(400);
  });

  it('anyone signed in holding a valid code sees the group’s name, avatar and member count — nothing more', async () => {
    const [owner, member, stranger] = [await newPerson(server), await newPerson(server), await newPerson(server)];
    const group = await groupWith(owner, member);
    const { code } = await createInvite(owner, group.id);
    const response = await preview(stranger, code);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ group: { id: group.id, name: group.name, avatarUrl: null, memberCount: 2 } });
    for (const bad of ['AAAAAAAAAA', code.slice(0, 9) + (code.endsWith('A') ? 'B' : 'A'), 'x'.repeat(64), '../../x']) {
      const refused = await preview(stranger, bad);
      expect(refused.status, bad).toBe(404);
      expect(refused.body).toEqual(notFound);
    }
    expect((await server.client().call(groupApi.getInvite, { params: { code } })).status).toBe(401);
  });

  it('accepting joins with the default role, once: the second accept answers joined: false and changes nothing', async () => {
    const [owner, joiner] = [await newPerson(server), await newPerson(server)];
    const group = await createGroup(owner);
    const { code } = await createInvite(owner, group.id);

    expect((await accept(joiner, code)).body).toEqual({ joined: true, groupId: group.id });
    const again = await accept(joiner, code);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ joined: false, groupId: group.id });
    // Without the trailing slash too, and concurrently: still one membership.
    const raced = await Promise.all(
      [1, 2, 3].map(() =>
        joiner.client.request('POST', slashTwin(groupApi.acceptInvite), {
          json: { code },
          endpoint: groupApi.acceptInvite,
        }),
      ),
    );
    for (const response of raced) expect(response.body).toEqual({ joined: false, groupId: group.id });
    expect((await accept(owner, code)).body).toEqual({ joined: false, groupId: group.id });

    const rows = await server.ctx.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id));
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.userId === joiner.user.id)?.roleId).toBe(group.roles[1]?.id);
    const [invite] = await server.ctx.db.select().from(invites).where(eq(invites.code, code));
    expect(invite?.uses).toBe(1);

    const full = ((await joiner.client.call(groupApi.getGroup, { params: { id: group.id } })).body as { group: Group })
      .group;
    expect(full.memberCount).toBe(2);
    expect(full.myRoleId).toBe(group.roles[1]?.id);
    const welcome = channelByKey(full, 'welcome');
    const page = await joiner.client.call(chatApi.listMessages, { query: { chatId: welcome.chatId } });
    const notices = (page.body as { messages: Message[] }).messages.filter((m) => m.system?.key === 'member_joined');
    expect(notices).toEqual([
      expect.objectContaining({ system: { key: 'member_joined', userId: joiner.user.id, name: joiner.user.nickname } }),
    ]);

    // Members hear the join (and its notice) once on the group channel; the joiner's other tabs on their own channel.
    const groupEvents = await published(server, groupChannel(group.id));
    const joined = groupEvents.filter((e) => e.type === 'group_update' && e.status === 'member_joined');
    expect(joined).toEqual([
      {
        type: 'group_update',
        status: 'member_joined',
        payload: {
          groupId: group.id,
          member: {
            id: joiner.user.id,
            user: expect.objectContaining({ id: joiner.user.id, nickname: joiner.user.nickname }),
            roleId: group.roles[1]?.id,
            joinedAt: expect.any(String),
          },
        },
      },
    ]);
    expect(groupEvents.filter((e) => e.type === 'new_message')).toEqual([
      { type: 'new_message', payload: { chatId: welcome.chatId, message: notices[0] } },
    ]);
    expect((await published(server, userChannel(joiner.user.id))).filter((e) => e.type === 'group_update')).toEqual(
      joined,
    );
  });

  it('expired and revoked codes are 404 INVITE_NOT_FOUND for preview and accept', async () => {
    const [owner, joiner] = [await newPerson(server), await newPerson(server)];
    const group = await createGroup(owner);
    const expired = await createInvite(owner, group.id, { expiresInHours: 1 });
    await server.ctx.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.code, expired.code));
    const revoked = await createInvite(owner, group.id, { expiresInHours: 2 });
    expect((await owner.client.call(groupApi.revokeInvite, { params: { code: revoked.code } })).body).toEqual({
      ok: true,
    });
    for (const { code } of [expired, revoked]) {
      expect((await preview(joiner, code)).body).toEqual(notFound);
      const refused = await accept(joiner, code);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual(notFound);
    }
    expect(await server.ctx.db.$count(groupMembers, eq(groupMembers.groupId, group.id))).toBe(1);
    // A new default invite does not hand back the expired one.
    expect((await createInvite(owner, group.id)).code).not.toBe(expired.code);
  });

  it('revoking: the creator or the owner; another member gets 403, a non-member 404', async () => {
    const [owner, a, b, stranger] = [
      await newPerson(server),
      await newPerson(server),
      await newPerson(server),
      await newPerson(server),
    ];
    const group = await groupWith(owner, a, b);
    const byA: InviteResponse = await createInvite(a, group.id);
    const forbidden = await b.client.call(groupApi.revokeInvite, { params: { code: byA.code } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect((await stranger.client.call(groupApi.revokeInvite, { params: { code: byA.code } })).body).toEqual(notFound);
    expect((await preview(stranger, byA.code)).status).toBe(200);
    expect((await owner.client.call(groupApi.revokeInvite, { params: { code: byA.code } })).status).toBe(200);
    expect((await owner.client.call(groupApi.revokeInvite, { params: { code: byA.code } })).status).toBe(404);
    const own = await createInvite(b, group.id);
    expect((await b.client.call(groupApi.revokeInvite, { params: { code: own.code } })).status).toBe(200);
    expect((await preview(stranger, own.code)).status).toBe(404);
  });
});
