import type { Channel, CreateChannelBody } from '@beseda/protocol/groups';
import type { Logger } from 'pino';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/database.js';
import type { ChannelRow } from '../../db/schema/groups.js';
import type { Publisher } from '../../realtime/publisher.js';
import { toChannelInfo } from '../groups/dto.js';
import { GroupNotFoundError, NotGroupOwnerError } from '../groups/errors.js';
import { publishGroupEvent } from '../groups/events.js';
import type { GroupService } from '../groups/service.js';
import { channelsOf, findChannelForMember, insertChannel, nextPosition, renameChannel } from './repository.js';

/** Channels of a group: members list and read them; the owner creates and renames them. */
export class ChannelService {
  readonly #db: Database;
  readonly #groups: GroupService;
  readonly #publisher: Publisher;
  readonly #logger: Logger;

  constructor(db: Database, groups: GroupService, publisher: Publisher, logger: Logger) {
    this.#db = db;
    this.#groups = groups;
    this.#publisher = publisher;
    this.#logger = logger;
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

  /** Owner only (403 NOT_GROUP_OWNER for other members, 404 for non-members); every member hears `channel_created`. */
  async create(userId: string, body: CreateChannelBody): Promise<Channel> {
    const row = await this.#db.transaction(async (tx) => {
      const { group } = await this.#groups.requireMember(userId, body.groupId, tx);
      if (group.ownerId !== userId) throw new NotGroupOwnerError();
      return insertChannel(tx, {
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
    });
    await publishGroupEvent(
      this.#publisher,
      this.#logger,
      {
        type: 'group_update',
        status: 'channel_created',
        payload: { groupId: row.groupId, channel: toChannelInfo(row) },
      },
      { toGroup: true },
    );
    return this.#view(userId, row, userId);
  }

  /** Owner only; every member hears `channel_renamed`. */
  async rename(userId: string, channelId: string, name: string): Promise<Channel> {
    const found = await findChannelForMember(this.#db, channelId, userId);
    if (!found) throw new GroupNotFoundError();
    if (found.group.ownerId !== userId) throw new NotGroupOwnerError();
    const row = await renameChannel(this.#db, channelId, name.trim());
    if (!row) throw new GroupNotFoundError();
    await publishGroupEvent(
      this.#publisher,
      this.#logger,
      {
        type: 'group_update',
        status: 'channel_renamed',
        payload: { groupId: row.groupId, channel: toChannelInfo(row) },
      },
      { toGroup: true },
    );
    return this.#view(userId, row, found.group.ownerId);
  }

  async #view(userId: string, row: ChannelRow, ownerId: string): Promise<Channel> {
    const [channel] = await this.#groups.channelViews(userId, [row], new Map([[row.groupId, ownerId]]));
    if (!channel) throw new GroupNotFoundError();
    return channel;
  }
}
