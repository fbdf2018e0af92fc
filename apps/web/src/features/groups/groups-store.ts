import { create } from 'zustand';
import type { Channel, ChannelType, Group, GroupEvent, VoiceMember } from '@beseda/protocol/groups';
import { isApiError } from '../../lib/api/api-error';
import { getScoped, setScoped } from '../../lib/local-db/db';
import { groupWarningKey } from '../../lib/local-db/scoped-key';
import { createLogger } from '../../lib/logger';
import { useUserStore } from '../auth/user-store';
import type { AvatarChoice } from '../files/avatar-file';
import { commitGroupAvatar, uploadAvatar } from '../files/files-api';
import * as groupsApi from './groups-api';
import {
  applyGroupEvent,
  EMPTY_GROUPS_STATE,
  forgetGroup,
  receiveGroup,
  receiveGroupList,
  type GroupsState,
} from './groups-state';

const log = createLogger('groups');

export type GroupStatus = 'loading' | 'ready' | 'not_found' | 'error';

interface GroupsStore {
  data: GroupsState;
  listStatus: 'idle' | 'loading' | 'ready' | 'error';
  /** The full group (members, roles) per id, as the group page needs it. */
  groupStatus: Readonly<Record<string, GroupStatus>>;
  voice: Readonly<Record<string, readonly VoiceMember[]>>;
  /** Per group: the respectful-behaviour warning was dismissed (undefined until the local setting is read). */
  warningDismissed: Readonly<Record<string, boolean>>;
}

const INITIAL: GroupsStore = {
  data: EMPTY_GROUPS_STATE,
  listStatus: 'idle',
  groupStatus: {},
  voice: {},
  warningDismissed: {},
};

/** Groups, channels, members and roles (spec §3 Group state). Actions are the functions below. */
export const useGroupsStore = create<GroupsStore>()(() => INITIAL);

const get = useGroupsStore.getState;
const set = useGroupsStore.setState;

function meId(): string {
  return useUserStore.getState().id;
}

function update(change: (data: GroupsState) => GroupsState): void {
  const data = change(get().data);
  if (data !== get().data) set({ data });
}

function setGroupStatus(groupId: string, status: GroupStatus): void {
  set({ groupStatus: { ...get().groupStatus, [groupId]: status } });
}

// Bumped on reset, so answers to the previous user's requests are thrown away.
let generation = 0;

export async function loadGroups(): Promise<void> {
  if (get().listStatus !== 'ready') set({ listStatus: 'loading' });
  const started = generation;
  try {
    const groups = await groupsApi.fetchGroups();
    if (started !== generation) return;
    update((data) => receiveGroupList(data, groups));
    set({ listStatus: 'ready' });
  } catch (error) {
    log.warn('Could not load groups', error);
    if (started === generation) set({ listStatus: 'error' });
  }
}

function receive(group: Group): void {
  update((data) => receiveGroup(data, group));
  setGroupStatus(group.id, 'ready');
}

// One request per group at a time: the sidebar and the page both ask on entry.
const inFlight = new Map<string, Promise<void>>();

/** The full group for its page; members and roles come with it. */
export function loadGroup(groupId: string): Promise<void> {
  const pending = inFlight.get(groupId);
  if (pending) return pending;
  const request = fetchGroupNow(groupId).finally(() => inFlight.delete(groupId));
  inFlight.set(groupId, request);
  return request;
}

async function fetchGroupNow(groupId: string): Promise<void> {
  if (get().groupStatus[groupId] !== 'ready') setGroupStatus(groupId, 'loading');
  const started = generation;
  try {
    const group = await groupsApi.fetchGroup(groupId);
    if (started === generation) receive(group);
  } catch (error) {
    if (started !== generation) return;
    // 404 alike for "unknown" and "not a member" (the server never tells which); a malformed id is 400.
    const missing = isApiError(error, 404) || isApiError(error, 400);
    if (!missing) log.warn('Could not load a group', error);
    setGroupStatus(groupId, missing ? 'not_found' : 'error');
    if (missing) update((data) => forgetGroup(data, groupId));
  }
}

export async function loadVoiceStatus(groupId: string): Promise<void> {
  try {
    const members = await groupsApi.fetchVoiceStatus(groupId);
    set({ voice: { ...get().voice, [groupId]: members } });
  } catch (error) {
    log.warn('Could not load who is in voice channels', error);
  }
}

/** Throws the API error so the modal can show it. */
export async function createGroup(name: string, avatarKey: string | null = null): Promise<Group> {
  const group = await groupsApi.createGroup(name, avatarKey);
  receive(group);
  return group;
}

export async function createChannel(groupId: string, name: string, type: ChannelType): Promise<Channel> {
  const channel = await groupsApi.createChannel(groupId, name, type);
  // The same channel arrives as `channel_created` too; the reducer ignores whichever comes second.
  update((data) =>
    applyGroupEvent(data, { type: 'group_update', status: 'channel_created', payload: { groupId, channel } }, meId()),
  );
  return channel;
}

export async function renameGroup(groupId: string, name: string): Promise<void> {
  receive(await groupsApi.renameGroup(groupId, name));
}

/**
 * Owner only: upload-url for this group → PUT → commit. The answer is the whole group; the other members (and this
 * user's other tabs) get the picture from `group_avatar_changed`, which the reducer then finds already applied.
 */
export async function changeGroupAvatar(groupId: string, choice: AvatarChoice<File>): Promise<void> {
  const key = await uploadAvatar(choice, 'group', groupId);
  receive(await commitGroupAvatar(key, groupId));
}

/** Accepting twice is harmless (the server answers `joined: false`); either way the group is loaded. */
export async function acceptInvite(code: string): Promise<string> {
  const { groupId } = await groupsApi.acceptInvite(code);
  await loadGroup(groupId);
  return groupId;
}

export function onGroupEvent(event: GroupEvent): void {
  const known = !!get().data.byId[event.payload.groupId];
  // A group this tab has not heard of (created or joined in another tab): load it; the toolbar then follows it.
  if (!known && (event.status === 'group_created' || event.status === 'member_joined')) {
    void loadGroup(event.payload.groupId);
    return;
  }
  update((data) => applyGroupEvent(data, event, meId()));
}

/** After a reconnect that could not replay what was missed: the list and every group already opened. */
export function resyncGroups(): void {
  void loadGroups();
  for (const [groupId, status] of Object.entries(get().groupStatus)) {
    if (status === 'ready') void loadGroup(groupId);
  }
}

export async function loadWarning(groupId: string): Promise<void> {
  if (groupId in get().warningDismissed) return;
  const dismissed = (await getScoped<boolean>(groupWarningKey(groupId))) === true;
  set({ warningDismissed: { ...get().warningDismissed, [groupId]: dismissed } });
}

export function dismissWarning(groupId: string): void {
  set({ warningDismissed: { ...get().warningDismissed, [groupId]: true } });
  void setScoped(groupWarningKey(groupId), true);
}

export function resetGroups(): void {
  generation += 1;
  set(INITIAL);
}

// Another user must never see this user's groups.
useUserStore.subscribe((state, previous) => {
  if (state.id !== previous.id) resetGroups();
});
