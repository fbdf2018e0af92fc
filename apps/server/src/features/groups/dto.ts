import type {
  Channel,
  ChannelInfo,
  ChannelKey,
  Group,
  GroupMember,
  GroupSummary,
  Role,
  RoleKey,
} from '@beseda/protocol/groups';
import { channelKeySchema, roleKeySchema } from '@beseda/protocol/groups';
import type { ChannelRow, GroupMemberRow, GroupRow, RoleRow } from '../../db/schema/groups.js';
import type { UserRow } from '../../db/schema/users.js';
import { channelCanWrite } from './channel-permissions.js';
import { toPublicUser } from '../accounts/public-user.js';

/** Keys are stored as text; anything unknown (a future key read by an older server) is shown as no key. */
function roleKey(key: string | null): RoleKey | null {
  const parsed = roleKeySchema.safeParse(key);
  return parsed.success ? parsed.data : null;
}

function channelKey(key: string | null): ChannelKey | null {
  const parsed = channelKeySchema.safeParse(key);
  return parsed.success ? parsed.data : null;
}

export function toChannelInfo(row: ChannelRow): ChannelInfo {
  return {
    id: row.id,
    groupId: row.groupId,
    name: row.name,
    type: row.type,
    key: channelKey(row.key),
    position: row.position,
    chatId: row.chatId,
  };
}

/** The channel as `viewerId` sees it; `unread` and `mentions` map chat ids to the viewer's counts. */
export function toChannel(
  row: ChannelRow,
  view: {
    viewerId: string;
    ownerId: string;
    unread: ReadonlyMap<string, number>;
    mentions: ReadonlyMap<string, number>;
  },
): Channel {
  return {
    ...toChannelInfo(row),
    canWrite: channelCanWrite(row.type, view.viewerId === view.ownerId),
    unreadCount: row.chatId ? (view.unread.get(row.chatId) ?? 0) : 0,
    mentionCount: row.chatId ? (view.mentions.get(row.chatId) ?? 0) : 0,
  };
}

export function toRole(row: RoleRow): Role {
  return { id: row.id, name: row.name, color: row.color, position: row.position, key: roleKey(row.key) };
}

export function toGroupMember(member: GroupMemberRow, user: UserRow, online: boolean): GroupMember {
  return {
    id: user.id,
    user: toPublicUser(user, online),
    roleId: member.roleId,
    joinedAt: member.joinedAt.toISOString(),
  };
}

export function toGroupSummary(parts: {
  group: GroupRow;
  member: GroupMemberRow;
  channels: readonly Channel[];
  memberCount: number;
}): GroupSummary {
  return {
    id: parts.group.id,
    name: parts.group.name,
    avatarUrl: parts.group.avatarUrl,
    ownerId: parts.group.ownerId,
    channels: [...parts.channels],
    memberCount: parts.memberCount,
    myRoleId: parts.member.roleId,
    unread: parts.channels.some((channel) => channel.unreadCount > 0),
    mentionCount: parts.channels.reduce((sum, channel) => sum + channel.mentionCount, 0),
  };
}

export function toGroup(summary: GroupSummary, members: readonly GroupMember[], roles: readonly RoleRow[]): Group {
  return { ...summary, members: [...members], roles: roles.map(toRole) };
}
