import type { Channel, Group, InviteResponse } from '@beseda/protocol/groups';
import { expect } from 'vitest';
import type { Person } from './chats-fixtures.js';

export async function createGroup(owner: Person, name = `Сервер ${owner.user.nickname}`): Promise<Group> {
  const response = await owner.client.post('/api/group/create', { json: { name } });
  expect(response.status).toBe(200);
  return (response.body as { group: Group }).group;
}

export async function createInvite(person: Person, groupId: string, extra: object = {}): Promise<InviteResponse> {
  const response = await person.client.post('/api/group/invite', { json: { groupId, ...extra } });
  expect(response.status).toBe(200);
  return response.body as InviteResponse;
}

/** `owner`'s new group with every other person joined by invite. */
export async function groupWith(owner: Person, ...members: Person[]): Promise<Group> {
  const group = await createGroup(owner);
  const { code } = await createInvite(owner, group.id);
  for (const member of members) {
    const response = await member.client.post('/api/group/accept-invite/', { json: { code } });
    expect(response.body).toEqual({ joined: true, groupId: group.id });
  }
  return group;
}

export async function createChannel(owner: Person, groupId: string, name: string, type: string): Promise<Channel> {
  const response = await owner.client.post('/api/channel/', { json: { name, type, groupId } });
  expect(response.status).toBe(200);
  return (response.body as { channel: Channel }).channel;
}

export function channelByKey(group: Group, key: 'welcome' | 'general'): Channel {
  const channel = group.channels.find((c) => c.key === key);
  if (!channel) throw new Error(`no ${key} channel`);
  return channel;
}
