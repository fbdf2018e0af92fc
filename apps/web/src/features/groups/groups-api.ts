import {
  acceptInviteResponseSchema,
  createChannelResponseSchema,
  createGroupResponseSchema,
  groupResponseSchema,
  groupsResponseSchema,
  invitePreviewResponseSchema,
  inviteResponseSchema,
  membersVoiceStatusResponseSchema,
  type AcceptInviteResponse,
  type Channel,
  type ChannelType,
  type CreateGroupBody,
  type Group,
  type GroupSummary,
  type InvitePreviewResponse,
  type InviteResponse,
  type VoiceMember,
} from '@beseda/protocol/groups';
import { api, apiRequest } from '../../lib/api/client';

/** Spec §7 "Channels and groups" and the invite routes, typed by the protocol package. */

const q = encodeURIComponent;

export async function fetchGroups(): Promise<GroupSummary[]> {
  return (await api.get('/group/', { schema: groupsResponseSchema })).groups;
}

export async function fetchGroup(groupId: string): Promise<Group> {
  return (await api.get(`/group/${q(groupId)}`, { schema: groupResponseSchema })).group;
}

/** `avatarKey`: an upload for entity `group` (files-api.ts `uploadAvatar`); it becomes the group's picture. */
export async function createGroup(name: string, avatarKey: string | null): Promise<Group> {
  const body: CreateGroupBody = avatarKey ? { name, avatarKey } : { name };
  return (await api.post('/group/create', body, { schema: createGroupResponseSchema })).group;
}

export async function renameGroup(groupId: string, name: string): Promise<Group> {
  return (await apiRequest('PATCH', `/group/${q(groupId)}`, { body: { name }, schema: groupResponseSchema })).group;
}

export async function createChannel(groupId: string, name: string, type: ChannelType): Promise<Channel> {
  return (await api.post('/channel/', { groupId, name, type }, { schema: createChannelResponseSchema })).channel;
}

export function createInvite(groupId: string): Promise<InviteResponse> {
  return api.post('/group/invite', { groupId }, { schema: inviteResponseSchema });
}

export function fetchInvite(code: string): Promise<InvitePreviewResponse> {
  return api.get(`/group/invite/${q(code)}`, { schema: invitePreviewResponseSchema });
}

export function acceptInvite(code: string): Promise<AcceptInviteResponse> {
  return api.post('/group/accept-invite/', { code }, { schema: acceptInviteResponseSchema });
}

export async function fetchVoiceStatus(groupId: string): Promise<VoiceMember[]> {
  return (await api.get(`/group/${q(groupId)}/members-voice-status`, { schema: membersVoiceStatusResponseSchema }))
    .members;
}
