import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Channel, ChannelType, Group, GroupEvent } from '@beseda/protocol/groups';
import type { VoiceMember } from '@beseda/protocol/voice';
import { isApiError } from '../../lib/api/api-error';
import { queryClient } from '../../lib/query/query-client';
import { queryKeys } from '../../lib/query/query-keys';
import { updateCached } from '../../lib/query/update-cached';
import { isSignedInAs, useUserStore } from '../auth/user-store';
import type { AvatarChoice } from '../files/avatar-file';
import { commitGroupAvatar, uploadAvatar } from '../files/files-api';
import * as groupsApi from './groups-api';
import {
  applyGroupEvent,
  EMPTY_GROUPS_STATE,
  forgetGroup,
  receiveGroup,
  receiveGroupList,
  type GroupEntry,
  type GroupsState,
} from './groups-state';

/** 404 alike for "unknown" and "not a member" (the server never tells which); a malformed id is 400. */
function isMissing(error: unknown): boolean {
  return isApiError(error, 404) || isApiError(error, 400);
}

/** My groups as one normalised state (groups-state.ts): the toolbar list, plus members and roles once opened. */
export function groupsQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.groups(userId),
    async queryFn({ client }): Promise<GroupsState> {
      const groups = await groupsApi.fetchGroups();
      return receiveGroupList(client.getQueryData<GroupsState>(queryKeys.groups(userId)) ?? EMPTY_GROUPS_STATE, groups);
    },
  });
}

/**
 * Loads one group's members and roles into `groupsQuery`, where every reader finds it; this query's own data is
 * nothing but its status (loading, failed, not found). A group that is gone, or never was ours, leaves the list.
 */
export function groupQuery(userId: string, groupId: string) {
  return queryOptions({
    queryKey: queryKeys.group(userId, groupId),
    async queryFn({ signal }): Promise<null> {
      try {
        const group = await groupsApi.fetchGroup(groupId);
        if (!signal.aborted) updateGroups(userId, (state) => receiveGroup(state, group));
        return null;
      } catch (error) {
        if (!signal.aborted && isMissing(error)) updateGroups(userId, (state) => forgetGroup(state, groupId));
        throw error;
      }
    },
  });
}

/** Who is in the group's voice channels (members-voice-status). */
export function groupVoiceQuery(userId: string, groupId: string) {
  return queryOptions({
    queryKey: queryKeys.groupVoice(userId, groupId),
    queryFn: (): Promise<VoiceMember[]> => groupsApi.fetchVoiceStatus(groupId),
  });
}

function updateGroups(userId: string, change: (state: GroupsState) => GroupsState): void {
  if (isSignedInAs(userId)) updateCached(queryClient, groupsQuery(userId).queryKey, EMPTY_GROUPS_STATE, change);
}

/** Fetches the group again now, whether or not a page shows it; never throws (its query holds the failure). */
export function loadGroup(userId: string, groupId: string): Promise<void> {
  return queryClient.prefetchQuery({ ...groupQuery(userId, groupId), staleTime: 0 });
}

/** The toolbar list, loaded again each time the toolbar mounts (the shell, after the invite page). */
export function useGroupList(): GroupsState {
  const userId = useUserStore((state) => state.id);
  return useQuery({ ...groupsQuery(userId), refetchOnMount: 'always' }).data ?? EMPTY_GROUPS_STATE;
}

/** One group as the cache holds it: undefined until the list or its own load brings it. */
export function useGroupEntry(groupId: string): GroupEntry | undefined {
  const userId = useUserStore((state) => state.id);
  return useQuery({ ...groupsQuery(userId), select: (state) => state.byId[groupId] }).data;
}

const NO_VOICE: readonly VoiceMember[] = [];

export function useGroupVoice(groupId: string): readonly VoiceMember[] {
  const userId = useUserStore((state) => state.id);
  return useQuery(groupVoiceQuery(userId, groupId)).data ?? NO_VOICE;
}

export type GroupStatus = 'loading' | 'ready' | 'not_found' | 'error';

export function groupStatus(load: Pick<UseQueryResult, 'status' | 'error'>): GroupStatus {
  if (load.status === 'pending') return 'loading';
  if (load.status === 'success') return 'ready';
  return isMissing(load.error) ? 'not_found' : 'error';
}

function signedInUserId(): string {
  return useUserStore.getState().id;
}

function receive(userId: string, group: Group): void {
  updateGroups(userId, (state) => receiveGroup(state, group));
}

/** Throws the API error so the modal can show it. */
export async function createGroup(name: string, avatarKey: string | null = null): Promise<Group> {
  const userId = signedInUserId();
  const group = await groupsApi.createGroup(name, avatarKey);
  receive(userId, group);
  return group;
}

export async function createChannel(groupId: string, name: string, type: ChannelType): Promise<Channel> {
  const userId = signedInUserId();
  const channel = await groupsApi.createChannel(groupId, name, type);
  // The same channel arrives as `channel_created` too; the reducer ignores whichever comes second.
  onGroupEvent(userId, { type: 'group_update', status: 'channel_created', payload: { groupId, channel } });
  return channel;
}

export async function renameGroup(groupId: string, name: string): Promise<void> {
  const userId = signedInUserId();
  receive(userId, await groupsApi.renameGroup(groupId, name));
}

/**
 * Owner only: upload-url for this group → PUT → commit. The answer is the whole group; the other members (and this
 * user's other tabs) get the picture from `group_avatar_changed`, which the reducer then finds already applied.
 */
export async function changeGroupAvatar(groupId: string, choice: AvatarChoice<File>): Promise<void> {
  const userId = signedInUserId();
  const key = await uploadAvatar(choice, 'group', groupId);
  receive(userId, await commitGroupAvatar(key, groupId));
}

/** Accepting twice is harmless (the server answers `joined: false`); either way the group is loaded. */
export async function acceptInvite(code: string): Promise<string> {
  const userId = signedInUserId();
  const { groupId } = await groupsApi.acceptInvite(code);
  await loadGroup(userId, groupId);
  return groupId;
}

/** `group_update` (and our own channel creation) through the pure reducer of groups-state.ts. */
export function onGroupEvent(userId: string, event: GroupEvent): void {
  const known = !!queryClient.getQueryData(groupsQuery(userId).queryKey)?.byId[event.payload.groupId];
  // A group this tab has not heard of (created or joined in another tab): load it; the toolbar then follows it.
  if (!known && (event.status === 'group_created' || event.status === 'member_joined')) {
    void loadGroup(userId, event.payload.groupId);
    return;
  }
  updateGroups(userId, (state) => applyGroupEvent(state, event, userId));
}

/**
 * After a reconnect that could not replay what was missed: the list and every group already opened, refetched now if
 * on screen, else on their next entry.
 */
export function resyncGroups(userId: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.groups(userId), exact: true });
  void queryClient.invalidateQueries({
    queryKey: queryKeys.groupLoads(userId),
    predicate: (query) => query.state.status === 'success',
  });
}
