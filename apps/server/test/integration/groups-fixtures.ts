import * as channelApi from '@beseda/protocol/endpoints/channel';
import * as groupApi from '@beseda/protocol/endpoints/group';
import type { Channel, ChannelType, Group, InviteResponse } from '@beseda/protocol/groups';
import { expect } from 'vitest';
import type { Person } from './chats-fixtures.js';

export async function createGroup(owner: Person, name = `Сервер ${owner.user.nickname}`): Promise<Group> {
  const response = await owner.client.call(groupApi.createGroup, { body: { name } });
  expect(response.status).toBe(200);
  return (response.body as { group: Group }).group;
}

export async function createInvite(person: Person, groupId: string, extra: object = {}): Promise<InviteResponse> {
  const response = await person.client.call(groupApi.createInvite, { body: { groupId, ...extra } });
  expect(response.status).toBe(200);
  return response.body as InviteResponse;
}

/** `owner`'s new group with every other person joined by invite. */
export async function groupWith(owner: Person, ...members: Person[]): Promise<Group> {
  const group = await createGroup(owner);
  const { code } = await createInvite(owner, group.id);
  for (const member of members) {
    const response = await member.client.call(groupApi.acceptInvite, { body: { code } });
    expect(response.body).toEqual({ joined: true, groupId: group.id });
  }
  return group;
}

export async function createChannel(owner: Person, groupId: string, name: string, type: ChannelType): Promise<Channel> {
  const response = await owner.client.call(channelApi.createChannel, { body: { name, type, groupId } });
  expect(response.status).toBe(200);
  return (response.body as { channel: Channel }).channel;
}

/** One of the channels a group starts with; both have a chat. */
export function channelByKey(group: Group, key: 'welcome' | 'general'): Channel & { chatId: string } {
  const channel = group.channels.find((c) => c.key === key);
  if (!channel?.chatId) throw new Error(`no ${key} channel with a chat`);
  return { ...channel, chatId: channel.chatId };
}
