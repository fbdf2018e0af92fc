import type { Channel, CreateGroupBody, Group, GroupMember, GroupSummary, VoiceMember } from '@beseda/protocol/groups';
import type { Logger } from 'pino';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/database.js';
import type { ChannelRow, GroupMemberRow } from '../../db/schema/groups.js';
import type { UserRow } from '../../db/schema/users.js';
import type { Publisher } from '../../realtime/publisher.js';
import { channelsOf, insertChannel } from '../channels/repository.js';
import { unreadCountsOf } from '../chats/repository.js';
import type { PresenceReader } from '../contacts/public-user.js';
import { claimAvatar } from '../files/claim.js';
import { insertMessage } from '../messages/repository.js';
import { DEFAULT_CHANNELS, DEFAULT_ROLES } from './defaults.js';
import { toChannel, toGroup, toGroupMember, toGroupSummary, toVoiceMember } from './dto.js';
import { GroupNotFoundError, NotGroupOwnerError } from './errors.js';
import { publishGroupEvent } from './events.js';
import {
  findGroupForMember,
  type GroupMembership,
  insertGroup,
  insertMember,
  insertRoles,
  listGroupsOf,
  memberCountsOf,
  membersOf,
  renameGroup,
  rolesOf,
  setGroupAvatar,
  voiceStatesOf,
} from './repository.js';

/**
 * Groups as their members see them. Membership is the permission: a non-member gets GroupNotFoundError (404), the
 * same answer as an unknown id, from every read. See README.md beside this file for the permission table.
 */
export class GroupService {
  readonly #db: Database;
  readonly #presence: PresenceReader;
  readonly #publisher: Publisher;
  readonly #logger: Logger;

  constructor(db: Database, presence: PresenceReader, publisher: Publisher, logger: Logger) {
    this.#db = db;
    this.#presence = presence;
    this.#publisher = publisher;
    this.#logger = logger;
  }

  /**
   * One transaction: the group (with the caller's upload `avatarKey` as its picture, if given), the owner and
   * default roles, the creator as owner, the system channel with its `group_created` message and the first text
   * channel. The creator's other tabs hear `group_created`.
   */
  async create(userId: string, body: CreateGroupBody): Promise<Group> {
    const groupId = uuidv7();
    const now = new Date();
    const avatarKey = body.avatarKey ?? null;
    await this.#db.transaction(async (tx) => {
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
          await insertMessage(tx, {
            id: uuidv7(),
            chatId: row.chatId,
            senderId: null,
            kind: 'SYSTEM',
            content: '',
            entities: [],
            system: { key: 'group_created' },
            createdAt: now,
          });
        }
      }
    });
    await publishGroupEvent(
      this.#publisher,
      this.#logger,
      { type: 'group_update', status: 'group_created', payload: { groupId } },
      { toGroup: false, toUser: userId },
    );
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

  /** Who is in which voice channel: the real voice state (empty until the voice feature writes it). */
  async voiceStatus(userId: string, groupId: string): Promise<VoiceMember[]> {
    await this.requireMember(userId, groupId);
    return (await voiceStatesOf(this.#db, groupId)).map(toVoiceMember);
  }

  /** Owner only; every member hears `group_renamed`. */
  async rename(userId: string, groupId: string, name: string): Promise<Group> {
    const { group } = await this.requireMember(userId, groupId);
    if (group.ownerId !== userId) throw new NotGroupOwnerError();
    await renameGroup(this.#db, groupId, name.trim());
    await publishGroupEvent(
      this.#publisher,
      this.#logger,
      { type: 'group_update', status: 'group_renamed', payload: { groupId, name: name.trim() } },
      { toGroup: true },
    );
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
    const avatarUrl = await this.#db.transaction(async (tx) => {
      const url = await claimAvatar(tx, { key, userId, entity: 'group', subjectId: groupId });
      await setGroupAvatar(tx, groupId, url);
      return url;
    });
    await publishGroupEvent(
      this.#publisher,
      this.#logger,
      { type: 'group_update', status: 'group_avatar_changed', payload: { groupId, avatarUrl } },
      { toGroup: true },
    );
    return this.get(userId, groupId);
  }

  /** The group and the caller's membership, else 404 (unknown and foreign look the same). */
  async requireMember(userId: string, groupId: string, db: Database = this.#db): Promise<GroupMembership> {
    const membership = await findGroupForMember(db, groupId, userId);
    if (!membership) throw new GroupNotFoundError();
    return membership;
  }

  /** A member as events and lists show them (with live presence). */
  async member(member: GroupMemberRow, user: UserRow): Promise<GroupMember> {
    const online = await this.#presence.onlineUsers([user.id]);
    return toGroupMember(member, user, online.has(user.id));
  }

  /** The caller's view of channels (canWrite, unread), batched over any number of groups. */
  async channelViews(
    userId: string,
    rows: readonly ChannelRow[],
    ownerOf: ReadonlyMap<string, string>,
  ): Promise<Channel[]> {
    const chatIds = rows.flatMap((row) => (row.chatId ? [row.chatId] : []));
    const unread = await unreadCountsOf(this.#db, userId, chatIds);
    return rows.map((row) => toChannel(row, { viewerId: userId, ownerId: ownerOf.get(row.groupId) ?? '', unread }));
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
    const online = await this.#presence.onlineUsers(rows.map((row) => row.user.id));
    return rows.map((row) => toGroupMember(row.member, row.user, online.has(row.user.id)));
  }
}
