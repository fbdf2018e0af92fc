import type {
  Channel,
  ChannelInfo,
  ChannelType,
  Group,
  GroupEvent,
  GroupMember,
  GroupSummary,
  Role,
} from '@beseda/protocol/groups';

/** A group as the client holds it: the toolbar summary, plus members and roles once the group was opened. */
export interface GroupEntry extends GroupSummary {
  members: readonly GroupMember[] | null;
  roles: readonly Role[] | null;
}

export interface GroupsState {
  /** Toolbar order: oldest membership first (the server's order), new groups appended. */
  ids: readonly string[];
  byId: Readonly<Record<string, GroupEntry>>;
}

export const EMPTY_GROUPS_STATE: GroupsState = { ids: [], byId: {} };

/** The server's rule (groups README): TEXT for every member, SYSTEM for the owner only, voice never. */
export function canWriteIn(type: ChannelType, ownerId: string, meId: string): boolean {
  if (type === 'TEXT') return true;
  if (type === 'SYSTEM') return ownerId === meId;
  return false;
}

function byPosition(a: Channel, b: Channel): number {
  return a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A full snapshot of my groups: the list is the server's; members already loaded are kept. */
export function receiveGroupList(state: GroupsState, groups: readonly GroupSummary[]): GroupsState {
  const byId: Record<string, GroupEntry> = {};
  for (const group of groups) {
    const known = state.byId[group.id];
    byId[group.id] = {
      ...group,
      channels: [...group.channels].sort(byPosition),
      members: known?.members ?? null,
      roles: known?.roles ?? null,
    };
  }
  return { ids: groups.map((group) => group.id), byId };
}

export function receiveGroup(state: GroupsState, group: Group): GroupsState {
  const entry: GroupEntry = { ...group, channels: [...group.channels].sort(byPosition) };
  return {
    ids: state.ids.includes(group.id) ? state.ids : [...state.ids, group.id],
    byId: { ...state.byId, [group.id]: entry },
  };
}

export function forgetGroup(state: GroupsState, groupId: string): GroupsState {
  if (!state.byId[groupId]) return state;
  const byId = Object.fromEntries(Object.entries(state.byId).filter(([id]) => id !== groupId));
  return { ids: state.ids.filter((id) => id !== groupId), byId };
}

function replaceGroup(state: GroupsState, group: GroupEntry): GroupsState {
  return { ...state, byId: { ...state.byId, [group.id]: group } };
}

function addMember(group: GroupEntry, member: GroupMember): GroupEntry {
  if (!group.members) return group; // the next snapshot brings them, with the right count
  if (group.members.some((known) => known.id === member.id)) return group;
  // The event carries the joiner's status from before they accepted (the invite page has no live connection),
  // and presence is pushed to friends only: someone who has just accepted an invite is online right now.
  const joined: GroupMember = {
    ...member,
    user: { ...member.user, online: { ...member.user.online, status: 'online' } },
  };
  return { ...group, members: [...group.members, joined], memberCount: group.memberCount + 1 };
}

function addChannel(group: GroupEntry, info: ChannelInfo, meId: string): GroupEntry {
  if (group.channels.some((known) => known.id === info.id)) return group;
  const channel: Channel = {
    ...info,
    canWrite: canWriteIn(info.type, group.ownerId, meId),
    unreadCount: 0,
    mentionCount: 0,
  };
  return { ...group, channels: [...group.channels, channel].sort(byPosition) };
}

function renameChannel(group: GroupEntry, info: ChannelInfo): GroupEntry {
  const known = group.channels.find((channel) => channel.id === info.id);
  if (!known || known.name === info.name) return group;
  return {
    ...group,
    channels: group.channels.map((channel) => (channel.id === info.id ? { ...channel, name: info.name } : channel)),
  };
}

/**
 * One `group_update` event (STYLE habit 8): returns the same state for a duplicate (a member or channel already
 * there, a name or picture already applied) and for a group we do not hold (the store loads it instead).
 */
export function applyGroupEvent(state: GroupsState, event: GroupEvent, meId: string): GroupsState {
  const group = state.byId[event.payload.groupId];
  if (!group) return state;
  let next: GroupEntry = group;
  switch (event.status) {
    case 'member_joined':
      next = addMember(group, event.payload.member);
      break;
    case 'channel_created':
      next = addChannel(group, event.payload.channel, meId);
      break;
    case 'channel_renamed':
      next = renameChannel(group, event.payload.channel);
      break;
    case 'group_renamed':
      if (group.name !== event.payload.name) next = { ...group, name: event.payload.name };
      break;
    case 'group_avatar_changed':
      // A new picture is a new key and URL (the files README), so the same URL means the event was already applied.
      if (group.avatarUrl !== event.payload.avatarUrl) next = { ...group, avatarUrl: event.payload.avatarUrl };
      break;
    case 'group_created':
      break;
  }
  return next === group ? state : replaceGroup(state, next);
}

export interface ChannelSections {
  system: Channel[];
  text: Channel[];
  voice: Channel[];
}

export function channelSections(channels: readonly Channel[]): ChannelSections {
  return {
    system: channels.filter((channel) => channel.type === 'SYSTEM'),
    text: channels.filter((channel) => channel.type === 'TEXT'),
    voice: channels.filter((channel) => channel.type === 'RTCP'),
  };
}

/** `/channels/{groupId}` opens the first text channel (else the first channel with a chat). */
export function defaultChannel(channels: readonly Channel[]): Channel | null {
  return channels.find((channel) => channel.type === 'TEXT') ?? channels.find((channel) => channel.chatId) ?? null;
}

export interface RoleGroup {
  role: Role;
  members: GroupMember[];
}

/** The right-hand member list: one heading per role (by position) that has members, members by name. */
export function membersByRole(members: readonly GroupMember[], roles: readonly Role[]): RoleGroup[] {
  return [...roles]
    .sort((a, b) => a.position - b.position)
    .map((role) => ({
      role,
      members: members
        .filter((member) => member.roleId === role.id)
        .sort((a, b) => a.user.name.localeCompare(b.user.name, 'ru')),
    }))
    .filter((entry) => entry.members.length > 0);
}
