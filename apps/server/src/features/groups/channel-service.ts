import type { Channel, CreateChannelBody } from '@beseda/protocol/groups';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/database.js';
import type { ChannelRow } from '../../db/schema/groups.js';
import type { UserRateLimiter } from '../../rate-limit/user-rate-limiter.js';
import type { Announcer } from '../../delivery/announcer.js';
import {
  type ChannelMembership,
  channelNamesOf,
  channelsOf,
  findChannelForMember,
  insertChannel,
  nextPosition,
  renameChannel,
} from './channel-repository.js';
import { toChannelInfo } from './dto.js';
import { GroupNotFoundError, NotGroupOwnerError } from './errors.js';
import { groupEventDeliveries } from './events.js';
import type { GroupService } from './service.js';

export interface ChannelServiceDeps {
  db: Database;
  announcer: Announcer;
  groups: GroupService;
  /** Channels created per user (rate-limit/creation-limits.ts). */
  creations: UserRateLimiter;
}

/** Channels of a group: members list and read them; the owner creates and renames them. */
export class ChannelService {
  readonly #db: Database;
  readonly #groups: GroupService;
  readonly #announcer: Announcer;
  readonly #creations: UserRateLimiter;

  constructor(deps: ChannelServiceDeps) {
    this.#db = deps.db;
    this.#groups = deps.groups;
    this.#announcer = deps.announcer;
    this.#creations = deps.creations;
  }

  async list(userId: string, groupId: string): Promise<Channel[]> {
    const { group } = await this.#groups.requireMember(userId, groupId);
    const rows = await channelsOf(this.#db, [groupId]);
    return this.#groups.channelViews(userId, rows, new Map([[groupId, group.ownerId]]));
  }

  async get(userId: string, channelId: string): Promise<Channel> {
    const found = await findChannelForMember(this.#db, channelId, userId);
    if (!found) throw new GroupNotFoundError();
    return this.#view(userId, found.channel, found.group.ownerId);
  }

  /** The channel and its group for a member of the group, else 404 (the voice feature's entry: channel → room). */
  async requireMember(userId: string, channelId: string): Promise<ChannelMembership> {
    const found = await findChannelForMember(this.#db, channelId, userId);
    if (!found) throw new GroupNotFoundError();
    return found;
  }

  /**
   * Channel and group names by channel id, for voice channel references (a friend outside the group sees where
   * someone talks, spec §3 Activity user). Unknown ids are left out.
   */
  async names(
    channelIds: readonly string[],
  ): Promise<Map<string, { channelName: string; groupId: string; groupName: string }>> {
    const rows = await channelNamesOf(this.#db, [...new Set(channelIds)]);
    return new Map(rows.map(({ channelId, ...names }) => [channelId, names]));
  }

  /**
   * Owner only (403 NOT_GROUP_OWNER for other members, 404 for non-members); every member hears `channel_created`.
   * Over the flood limit: 429, nothing written.
   */
  async create(userId: string, body: CreateChannelBody): Promise<Channel> {
    await this.#creations.take(userId);
    const row = await this.#announcer.transaction(async (tx, announcements) => {
      const { group } = await this.#groups.requireMember(userId, body.groupId, tx);
      if (group.ownerId !== userId) throw new NotGroupOwnerError();
      const created = await insertChannel(tx, {
        id: uuidv7(),
        groupId: group.id,
        name: body.name.trim(),
        type: body.type,
        key: null,
        position: await nextPosition(tx, group.id),
        createdAt: new Date(),
        chatId: uuidv7(),
        withChat: body.type !== 'RTCP',
      });
      const payload = { groupId: group.id, channel: toChannelInfo(created) };
      announcements.add(
        ...groupEventDeliveries({ type: 'group_update', status: 'channel_created', payload }, { group: true }),
      );
      return created;
    });
    return this.#view(userId, row, userId);
  }

  /** Owner only; every member hears `channel_renamed`. */
  async rename(userId: string, channelId: string, name: string): Promise<Channel> {
    const found = await findChannelForMember(this.#db, channelId, userId);
    if (!found) throw new GroupNotFoundError();
    if (found.group.ownerId !== userId) throw new NotGroupOwnerError();
    const row = await this.#announcer.transaction(async (tx, announcements) => {
      const renamed = await renameChannel(tx, channelId, name.trim());
      if (!renamed) throw new GroupNotFoundError();
      const payload = { groupId: renamed.groupId, channel: toChannelInfo(renamed) };
      announcements.add(
        ...groupEventDeliveries({ type: 'group_update', status: 'channel_renamed', payload }, { group: true }),
      );
      return renamed;
    });
    return this.#view(userId, row, found.group.ownerId);
  }

  async #view(userId: string, row: ChannelRow, ownerId: string): Promise<Channel> {
    const [channel] = await this.#groups.channelViews(userId, [row], new Map([[row.groupId, ownerId]]));
    if (!channel) throw new GroupNotFoundError();
    return channel;
  }
}
