import * as channel from '@beseda/protocol/endpoints/channel';
import * as group from '@beseda/protocol/endpoints/group';
import type {
  AcceptInviteResponse,
  Channel,
  ChannelType,
  CreateGroupBody,
  Group,
  GroupSummary,
  InvitePreviewResponse,
  InviteResponse,
} from '@beseda/protocol/groups';
import type { VoiceMember } from '@beseda/protocol/voice';
import { call } from '../../lib/api/client';

/** Spec §7 "Channels and groups" and the invite routes, typed by the protocol's endpoint descriptors. */

export async function fetchGroups(): Promise<GroupSummary[]> {
  return (await call(group.listGroups)).groups;
}

export async function fetchGroup(groupId: string): Promise<Group> {
  return (await call(group.getGroup, { params: { id: groupId } })).group;
}

/** `avatarKey`: an upload for entity `group` (files-api.ts `uploadAvatar`); it becomes the group's picture. */
export async function createGroup(name: string, avatarKey: string | null): Promise<Group> {
  const body: CreateGroupBody = avatarKey ? { name, avatarKey } : { name };
  return (await call(group.createGroup, { body })).group;
}

export async function renameGroup(groupId: string, name: string): Promise<Group> {
  return (await call(group.renameGroup, { params: { id: groupId }, body: { name } })).group;
}

export async function createChannel(groupId: string, name: string, type: ChannelType): Promise<Channel> {
  return (await call(channel.createChannel, { body: { groupId, name, type } })).channel;
}

/** Without `expiresInHours` the server's default (7 days), handing back the caller's live default link if any. */
export function createInvite(groupId: string, expiresInHours?: number | null): Promise<InviteResponse> {
  return call(group.createInvite, { body: expiresInHours === undefined ? { groupId } : { groupId, expiresInHours } });
}

export function fetchInvite(code: string): Promise<InvitePreviewResponse> {
  return call(group.getInvite, { params: { code } });
}

export function acceptInvite(code: string): Promise<AcceptInviteResponse> {
  return call(group.acceptInvite, { body: { code } });
}

export async function fetchVoiceStatus(groupId: string): Promise<VoiceMember[]> {
  return (await call(group.getVoiceStatus, { params: { id: groupId } })).members;
}
