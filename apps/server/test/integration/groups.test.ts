import type { Message } from '@beseda/protocol/chats';
import * as channelApi from '@beseda/protocol/endpoints/channel';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as groupApi from '@beseda/protocol/endpoints/group';
import type { Group, GroupSummary } from '@beseda/protocol/groups';
import { groupChannel, userChannel } from '@beseda/protocol/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, groups } from '../../src/db/schema/groups.js';
import { newPerson, published } from './chats-fixtures.js';
import { channelByKey, createGroup, groupWith } from './groups-fixtures.js';
import { availableDrivers, slashTwin, startServer, type TestServer } from './harness.js';

describe.each(availableDrivers())('groups (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  it('creates a group in one go: owner role, default role, system channel with its welcome, first text channel', async () => {
    const owner = await newPerson(server);
    const response = await owner.client.call(groupApi.createGroup, {
      body: { name: `  Сервер ${owner.user.nickname}  ` },
    });
    expect(response.status).toBe(200);
    const { id, group } = response.body as { id: string; group: Group };
    expect(group.id).toBe(id);
    expect(group.name).toBe(`Сервер ${owner.user.nickname}`);
    expect(group.ownerId).toBe(owner.user.id);
    expect(group.avatarUrl).toBeNull();
    expect(group.roles).toEqual([
      { id: expect.any(String), name: 'Владелец', color: '#f0b232', position: 0, key: 'owner' },
      { id: expect.any(String), name: 'Участник', color: '#949ba4', position: 1, key: 'member' },
    ]);
    expect(group.myRoleId).toBe(group.roles[0]?.id);
    expect(group.members).toEqual([
      {
        id: owner.user.id,
        user: expect.objectContaining({ id: owner.user.id, nickname: owner.user.nickname }),
        roleId: group.roles[0]?.id,
        joinedAt: expect.any(String),
      },
    ]);
    expect(group.memberCount).toBe(1);
    expect(group.unread).toBe(false);
    expect(
      group.channels.map(({ name, type, key, position, canWrite, unreadCount }) => ({
        name,
        type,
        key,
        position,
        canWrite,
        unreadCount,
      })),
    ).toEqual([
      { name: 'добро-пожаловать', type: 'SYSTEM', key: 'welcome', position: 0, canWrite: true, unreadCount: 0 },
      { name: 'общий', type: 'TEXT', key: 'general', position: 1, canWrite: true, unreadCount: 0 },
    ]);
    const welcome = channelByKey(group, 'welcome');
    const page = await owner.client.call(chatApi.listMessages, { query: { chatId: welcome.chatId } });
    expect((page.body as { messages: Message[] }).messages).toEqual([
      expect.objectContaining({ kind: 'SYSTEM', senderId: null, content: '', system: { key: 'group_created' } }),
    ]);
    // The creator's other tabs learn of the group on their own channel.
    expect(await published(server, userChannel(owner.user.id))).toEqual([
      { type: 'group_update', status: 'group_created', payload: { groupId: id } },
    ]);
  });

  it('refuses blank and too long names, writing nothing', async () => {
    const owner = await newPerson(server);
    const before = await server.ctx.db.$count(groups);
    for (const name of ['', '   ', 'x'.repeat(101)]) {
      const response = await owner.client.call(groupApi.createGroup, { body: { name } });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { name: expect.any(String) } },
      });
    }
    expect(
      (await owner.client.call(groupApi.createGroup, { body: { name: 'x', avatarKey: 'javascript:alert(1)' } })).status,
    ).toBe(400);
    expect(await server.ctx.db.$count(groups)).toBe(before);
    expect((await owner.client.call(groupApi.createGroup, { body: { name: 'x'.repeat(100) } })).status).toBe(200);
  });

  it('lists my groups with channels, and only mine', async () => {
    const [a, b, c] = [await newPerson(server), await newPerson(server), await newPerson(server)];
    const first = await createGroup(a, 'Первый');
    const second = await groupWith(b, a);
    await createGroup(c, 'Чужой');
    const response = await a.client.call(groupApi.listGroups);
    expect(response.status).toBe(200);
    const list = (response.body as { groups: GroupSummary[] }).groups;
    expect(list.map((g) => g.id)).toEqual([first.id, second.id]);
    expect(list[1]).toMatchObject({ ownerId: b.user.id, memberCount: 2, myRoleId: second.roles[1]?.id });
    expect(list[1]).not.toHaveProperty('members');
    expect(list[1]?.channels).toHaveLength(2);
    // The system channel is read-only for a member, writable for its owner.
    expect(channelByKey(list[1] as Group, 'welcome').canWrite).toBe(false);
    expect(channelByKey(list[1] as Group, 'general').canWrite).toBe(true);
    // Without the trailing slash too.
    const newcomer = (await newPerson(server)).client;
    expect((await newcomer.request('GET', slashTwin(groupApi.listGroups))).body).toEqual({ groups: [] });
  });

  it('a non-member gets 404 and no data from every group endpoint, the same as for an unknown id', async () => {
    const [owner, stranger] = [await newPerson(server), await newPerson(server)];
    const group = await createGroup(owner);
    const general = channelByKey(group, 'general');
    const unknown = '01890000-0000-7000-8000-000000000000';
    for (const id of [group.id, unknown]) {
      const reads = {
        getGroup: () => stranger.client.call(groupApi.getGroup, { params: { id } }),
        listParticipants: () => stranger.client.call(groupApi.listParticipants, { params: { id } }),
        getVoiceStatus: () => stranger.client.call(groupApi.getVoiceStatus, { params: { id } }),
        listChannels: () => stranger.client.call(channelApi.listChannels, { query: { groupId: id } }),
      };
      for (const [name, read] of Object.entries(reads)) {
        const response = await read();
        expect(response.status, name).toBe(404);
        expect(response.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Group or channel not found' } });
      }
      const rename = await stranger.client.call(groupApi.renameGroup, { params: { id }, body: { name: 'mine' } });
      expect(rename.status).toBe(404);
      const invite = await stranger.client.call(groupApi.createInvite, { body: { groupId: id } });
      expect(invite.status).toBe(404);
    }
    for (const channelId of [general.id, unknown]) {
      expect((await stranger.client.call(channelApi.getChannel, { query: { channelId } })).status).toBe(404);
    }
    // The channel's chat and its messages are the group's too.
    const sent = await owner.client.call(chatApi.sendMessage, {
      query: { chatId: general.chatId },
      body: { content: 'секрет' },
    });
    const messageId = (sent.body as { message: Message }).message.id;
    const chatReads = {
      listMessages: () => stranger.client.call(chatApi.listMessages, { query: { chatId: general.chatId } }),
      getChat: () => stranger.client.call(chatApi.getChat, { query: { chatId: general.chatId } }),
      getMessage: () => stranger.client.call(chatApi.getMessage, { query: { messageId } }),
    };
    for (const [name, read] of Object.entries(chatReads)) {
      const response = await read();
      expect(response.status, name).toBe(404);
      expect(response.text).not.toContain('секрет');
    }
    const writes = [
      stranger.client.call(chatApi.sendMessage, { query: { chatId: general.chatId }, body: { content: 'hi' } }),
      stranger.client.call(chatApi.sendTyping, { query: { chatId: general.chatId }, body: { isTyping: true } }),
      stranger.client.call(chatApi.markRead, { query: { chatId: general.chatId }, body: { messageId } }),
      stranger.client.call(chatApi.editMessage, {
        query: { messageId, chatId: general.chatId },
        body: { content: 'x' },
      }),
      stranger.client.call(chatApi.deleteMessage, { query: { messageId, chatId: general.chatId } }),
    ];
    for (const response of await Promise.all(writes)) expect(response.status).toBe(404);
    expect((await stranger.client.call(groupApi.listGroups)).body).toEqual({ groups: [] });
  });

  it('participants: members with their role ids and the roles; voice status is the real, empty state', async () => {
    const [owner, member] = [await newPerson(server), await newPerson(server)];
    const group = await groupWith(owner, member);
    const response = await member.client.call(groupApi.listParticipants, { params: { id: group.id } });
    expect(response.status).toBe(200);
    const body = response.body as Pick<Group, 'members' | 'roles'>;
    expect(body.roles).toEqual(group.roles);
    expect(body.members.map((m) => [m.id, m.roleId])).toEqual([
      [owner.user.id, group.roles[0]?.id],
      [member.user.id, group.roles[1]?.id],
    ]);
    expect(body.members[1]?.user).toEqual({
      id: member.user.id,
      nickname: member.user.nickname,
      name: member.user.nickname,
      avatarUrl: null,
      online: { status: 'offline', lastSeen: null },
    });
    expect(body.members[1]?.user).not.toHaveProperty('email');
    const voice = await member.client.call(groupApi.getVoiceStatus, { params: { id: group.id } });
    expect(voice.status).toBe(200);
    expect(voice.body).toEqual({ members: [] });
    // The full group carries the same lists.
    const full = (await member.client.call(groupApi.getGroup, { params: { id: group.id } })).body as { group: Group };
    expect(full.group.members).toEqual(body.members);
    expect(full.group.myRoleId).toBe(group.roles[1]?.id);
  });

  it('only the owner renames the group; members hear group_renamed', async () => {
    const [owner, member] = [await newPerson(server), await newPerson(server)];
    const group = await groupWith(owner, member);
    const refused = await member.client.call(groupApi.renameGroup, {
      params: { id: group.id },
      body: { name: 'Захват' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'NOT_GROUP_OWNER' } });
    const renamed = await owner.client.call(groupApi.renameGroup, {
      params: { id: group.id },
      body: { name: ' Новое имя ' },
    });
    expect(renamed.status).toBe(200);
    expect((renamed.body as { group: Group }).group.name).toBe('Новое имя');
    const events = await published(server, groupChannel(group.id));
    expect(events.filter((e) => e.type === 'group_update' && e.status === 'group_renamed')).toEqual([
      { type: 'group_update', status: 'group_renamed', payload: { groupId: group.id, name: 'Новое имя' } },
    ]);
    expect(await server.ctx.db.$count(groupMembers)).toBeGreaterThan(0);
  });

  it('an id in upper case (a valid uuid) still reaches the group channel members subscribe to', async () => {
    const [owner, member] = [await newPerson(server), await newPerson(server)];
    const group = await groupWith(owner, member);
    const renamed = await owner.client.call(groupApi.renameGroup, {
      params: { id: group.id.toUpperCase() },
      body: { name: 'Верхний регистр' },
    });
    expect(renamed.status).toBe(200);
    const events = await published(server, groupChannel(group.id));
    expect(events.filter((e) => e.type === 'group_update' && e.status === 'group_renamed')).toEqual([
      { type: 'group_update', status: 'group_renamed', payload: { groupId: group.id, name: 'Верхний регистр' } },
    ]);
  });

  it('malformed ids are 400, signed-out callers 401', async () => {
    const person = await newPerson(server);
    expect((await person.client.call(groupApi.getGroup, { params: { id: 'not-a-uuid' } })).status).toBe(400);
    const anonymous = server.client();
    expect((await anonymous.call(groupApi.listGroups)).status).toBe(401);
    const groupId = '01890000-0000-7000-8000-000000000000';
    expect((await anonymous.call(channelApi.listChannels, { query: { groupId } })).status).toBe(401);
    expect((await anonymous.call(groupApi.createGroup, { body: { name: 'x' } })).status).toBe(401);
  });
});
