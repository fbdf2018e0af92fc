import type { Channel, CreateGroupBody, Group, GroupMember, GroupSummary } from '@beseda/protocol/groups';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/database.js';
import type { ChannelRow } from '../../db/schema/groups.js';
import type { UserRateLimiter } from '../../rate-limit/user-rate-limiter.js';
import type { Announcements, Announcer } from '../../delivery/announcer.js';
import type { AccountService } from '../accounts/service.js';
import type { ChatService } from '../chats/service.js';
import { claimAvatar } from '../files/claim.js';
import { postSystemMessage } from '../messages/system-messages.js';
import type { PresenceReader } from '../presence/presence-reader.js';
import { channelsOf, insertChannel, systemChannelOf } from './channel-repository.js';
import { DEFAULT_CHANNELS, DEFAULT_ROLES } from './defaults.js';
import { toChannel, toGroup, toGroupMember, toGroupSummary } from './dto.js';
import { GroupNotFoundError, NotGroupOwnerError } from './errors.js';
import { groupEventDeliveries } from './events.js';
import {
  defaultRoleOf,
  findGroup,
  findGroupForMember,
  type GroupMembership,
  insertGroup,
  insertMember,
  insertRoles,
  isMember,
  listGroupsOf,
  memberCountsOf,
  membersOf,
  renameGroup,
  rolesOf,
  setGroupAvatar,
} from './repository.js';

export interface GroupServiceDeps {
  db: Database;
  announcer: Announcer;
  presence: PresenceReader;
  /** The member's name for «joined» messages and events. */
  accounts: Pick<AccountService, 'findUser'>;
  /** Unread counts of channel chats. */
  chats: Pick<ChatService, 'unreadCounts' | 'mentionCounts'>;
  /** Groups created per user (rate-limit/creation-limits.ts). */
  creations: UserRateLimiter;
}

/** A group as an invite shows it, before joining. */
export interface GroupPreview {
  id: string;
  name: string;
  avatarUrl: string | null;
  memberCount: number;
}

/**
 * Groups as their members see them. Membership is the permission: a non-member gets GroupNotFoundError (404), the
 * same answer as an unknown id, from every read. See README.md beside this file for the permission table.
 */
export class GroupService {
  readonly #db: Database;
  readonly #deps: GroupServiceDeps;

  constructor(deps: GroupServiceDeps) {
    this.#db = deps.db;
    this.#deps = deps;
  }

  /**
   * One transaction: the group (with the caller's upload `avatarKey` as its picture, if given), the owner and
   * default roles, the creator as owner, the system channel with its `group_created` message and the first text
   * channel. The creator's other tabs hear `group_created`. Over the flood limit: 429, nothing written.
   */
  async create(userId: string, body: CreateGroupBody): Promise<Group> {
    await this.#deps.creations.take(userId);
    const groupId = uuidv7();
    const now = new Date();
    const avatarKey = body.avatarKey ?? null;
    await this.#deps.announcer.transaction(async (tx, announcements) => {
      // The upload is used by this group or, when anything below fails, by nothing (the transaction rolls back).
      const avatarUrl = avatarKey
        ? await claimAvatar(tx, { key: avatarKey, userId, entity: 'group', subjectId: groupId })
        : null;
      await insertGroup(tx, {
        id: groupId,
        name: body.name.trim(),
        avatarUrl,
        ownerId: userId,
        createdAt: now,
      });
      const roleRows = DEFAULT_ROLES.map((role, position) => ({ id: uuidv7(), groupId, position, ...role }));
      await insertRoles(tx, roleRows);
      const ownerRole = roleRows.find((role) => role.key === 'owner');
      if (!ownerRole) throw new Error('the default roles have no owner role');
      await insertMember(tx, { groupId, userId, roleId: ownerRole.id, joinedAt: now });
      for (const [position, channel] of DEFAULT_CHANNELS.entries()) {
        const row = await insertChannel(tx, {
          id: uuidv7(),
          groupId,
          ...channel,
          position,
          createdAt: now,
          chatId: uuidv7(),
          withChat: channel.type !== 'RTCP',
        });
        if (row.type === 'SYSTEM' && row.chatId) {
          const system = { key: 'group_created' } as const;
          await postSystemMessage(tx, announcements, { chatId: row.chatId, system, audience: null, at: now });
        }
      }
      const event = { type: 'group_update', status: 'group_created', payload: { groupId } } as const;
      announcements.add(...groupEventDeliveries(event, { group: false, user: userId }));
    });
    return this.get(userId, groupId);
  }

  /** The caller's groups with their channels (no member lists: the toolbar does not need them). */
  async list(userId: string): Promise<GroupSummary[]> {
    return this.#summaries(userId, await listGroupsOf(this.#db, userId));
  }

  async get(userId: string, groupId: string): Promise<Group> {
    const membership = await this.requireMember(userId, groupId);
    const [[summary], members, roles] = await Promise.all([
      this.#summaries(userId, [membership]),
      this.#members(groupId),
      rolesOf(this.#db, groupId),
    ]);
    if (!summary) throw new GroupNotFoundError();
    return toGroup(summary, members, roles);
  }

  async participants(userId: string, groupId: string): Promise<Pick<Group, 'members' | 'roles'>> {
    const { members, roles } = await this.get(userId, groupId);
    return { members, roles };
  }

  /** Owner only; every member hears `group_renamed`. */
  async rename(userId: string, groupId: string, name: string): Promise<Group> {
    const { group } = await this.requireMember(userId, groupId);
    if (group.ownerId !== userId) throw new NotGroupOwnerError();
    await this.#deps.announcer.transaction(async (tx, announcements) => {
      await renameGroup(tx, groupId, name.trim());
      const event = { type: 'group_update', status: 'group_renamed', payload: { groupId, name: name.trim() } } as const;
      announcements.add(...groupEventDeliveries(event, { group: true }));
    });
    return this.get(userId, groupId);
  }

  /**
   * Owner only, like rename: the caller's upload `key` (entity `group`) becomes the group's picture in one
   * transaction. 404 for non-members (before anything about the key is looked at), 403 NOT_GROUP_OWNER for members.
   * After the commit every member (and the owner's other tabs) hears `group_avatar_changed`; a refused commit
   * publishes nothing.
   */
  async setAvatar(userId: string, groupId: string, key: string): Promise<Group> {
    const { group } = await this.requireMember(userId, groupId);
    if (group.ownerId !== userId) throw new NotGroupOwnerError();
    await this.#deps.announcer.transaction(async (tx, announcements) => {
      const avatarUrl = await claimAvatar(tx, { key, userId, entity: 'group', subjectId: groupId });
      await setGroupAvatar(tx, groupId, avatarUrl);
      const event = { type: 'group_update', status: 'group_avatar_changed', payload: { groupId, avatarUrl } } as const;
      announcements.add(...groupEventDeliveries(event, { group: true }));
    });
    return this.get(userId, groupId);
  }

  /** Whether the user is (still) a member: voice states end when membership does. */
  isMember(userId: string, groupId: string): Promise<boolean> {
    return isMember(this.#db, groupId, userId);
  }

  /** The ids of the user's groups. */
  async groupIdsOf(userId: string): Promise<string[]> {
    return (await listGroupsOf(this.#db, userId)).map((membership) => membership.group.id);
  }

  /** The group and the caller's membership, else 404 (unknown and foreign look the same). */
  async requireMember(userId: string, groupId: string, db: Database = this.#db): Promise<GroupMembership> {
    const membership = await findGroupForMember(db, groupId, userId);
    if (!membership) throw new GroupNotFoundError();
    return membership;
  }

  /**
   * Adds the user with the group's default role, inside the caller's transaction; false when they already are a
   * member (nothing changes). A join posts `member_joined` in the system channel; members hear it and the
   * `group_update` on the group channel, the joiner's other tabs on their own channel.
   */
  async addMember(
    tx: Database,
    announcements: Announcements,
    join: { groupId: string; userId: string; at: Date },
  ): Promise<boolean> {
    const { groupId, userId } = join;
    const role = await defaultRoleOf(tx, groupId);
    const user = await this.#deps.accounts.findUser(userId, tx);
    if (!role || !user) throw new GroupNotFoundError();
    const member = { groupId, userId, roleId: role.id, joinedAt: join.at };
    if (!(await insertMember(tx, member))) return false;
    const online = await this.#deps.presence.onlineUsers([userId]);
    const payload = { groupId, member: toGroupMember(member, user, online.has(userId)) };
    const event = { type: 'group_update', status: 'member_joined', payload } as const;
    announcements.add(...groupEventDeliveries(event, { group: true, user: userId }));
    const systemChannel = await systemChannelOf(tx, groupId);
    if (systemChannel?.chatId) {
      const system = { key: 'member_joined', userId, name: user.name } as const;
      // Written at the join's own time: the joiner's unread count starts after it (history before joining is not new).
      const post = { chatId: systemChannel.chatId, system, audience: { groupId }, at: join.at };
      await postSystemMessage(tx, announcements, post);
    }
    return true;
  }

  /** Name, picture and member count of any group (for invites: the caller need not be a member); null if unknown. */
  async preview(groupId: string, db: Database = this.#db): Promise<GroupPreview | null> {
    const group = await findGroup(db, groupId);
    if (!group) return null;
    const counts = await memberCountsOf(db, [group.id]);
    return { id: group.id, name: group.name, avatarUrl: group.avatarUrl, memberCount: counts.get(group.id) ?? 0 };
  }

  /** The caller's view of channels (canWrite, unread, mentions), batched over any number of groups. */
  async channelViews(
    userId: string,
    rows: readonly ChannelRow[],
    ownerOf: ReadonlyMap<string, string>,
  ): Promise<Channel[]> {
    const chatIds = rows.flatMap((row) => (row.chatId ? [row.chatId] : []));
    const [unread, mentions] = await Promise.all([
      this.#deps.chats.unreadCounts(userId, chatIds),
      this.#deps.chats.mentionCounts(userId, chatIds),
    ]);
    return rows.map((row) =>
      toChannel(row, { viewerId: userId, ownerId: ownerOf.get(row.groupId) ?? '', unread, mentions }),
    );
  }

  async #summaries(userId: string, memberships: readonly GroupMembership[]): Promise<GroupSummary[]> {
    const groupIds = memberships.map((m) => m.group.id);
    const [channelRows, counts] = await Promise.all([
      channelsOf(this.#db, groupIds),
      memberCountsOf(this.#db, groupIds),
    ]);
    const ownerOf = new Map(memberships.map((m) => [m.group.id, m.group.ownerId]));
    const views = await this.channelViews(userId, channelRows, ownerOf);
    return memberships.map((membership) =>
      toGroupSummary({
        ...membership,
        channels: views.filter((channel) => channel.groupId === membership.group.id),
        memberCount: counts.get(membership.group.id) ?? 0,
      }),
    );
  }

  async #members(groupId: string): Promise<GroupMember[]> {
    const rows = await membersOf(this.#db, groupId);
    const online = await this.#deps.presence.onlineUsers(rows.map((row) => row.user.id));
    return rows.map((row) => toGroupMember(row.member, row.user, online.has(row.user.id)));
  }
}
