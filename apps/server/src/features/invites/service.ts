import type { CreateInviteBody, InvitePreviewResponse, InviteResponse } from '@beseda/protocol/groups';
import { INVITE_DEFAULT_TTL_HOURS } from '@beseda/protocol/groups';
import { groupChannel } from '@beseda/protocol/realtime';
import type { Logger } from 'pino';
import { v7 as uuidv7 } from 'uuid';
import { type Database, isUniqueViolation } from '../../db/database.js';
import type { InviteRow } from '../../db/schema/groups.js';
import type { MessageRow } from '../../db/schema/messages.js';
import { ForbiddenError } from '../../errors.js';
import type { Publisher } from '../../realtime/publisher.js';
import { findUserById } from '../accounts/repository.js';
import { systemChannelOf } from '../channels/repository.js';
import { fanOut } from '../chats/fan-out.js';
import { publishGroupEvent } from '../groups/events.js';
import { defaultRoleOf, findGroup, findGroupForMember, insertMember, memberCountsOf } from '../groups/repository.js';
import type { GroupService } from '../groups/service.js';
import { toMessage } from '../messages/dto.js';
import { insertMessage } from '../messages/repository.js';
import { newInviteCode } from './code.js';
import { InviteNotFoundError } from './errors.js';
import { countUse, findReusableInvite, findValidInvite, insertInvite, revokeInvite } from './repository.js';

const HOUR_MS = 3_600_000;
/** A default request reuses the caller's invite while it has at least this long to live (no row per modal open). */
const REUSE_MIN_REMAINING_MS = 24 * HOUR_MS;
const CODE_ATTEMPTS = 3;

/** Invite codes: any member creates one; anyone signed in who holds a valid code may preview and accept it. */
export class InviteService {
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

  /**
   * Without `expiresInHours` the caller's live default invite is returned again if it has a day left, else a new
   * one for INVITE_DEFAULT_TTL_HOURS; with it (null: never expires) always a new code.
   */
  async create(userId: string, body: CreateInviteBody): Promise<InviteResponse> {
    await this.#groups.requireMember(userId, body.groupId);
    const now = new Date();
    let invite: InviteRow | undefined;
    if (body.expiresInHours === undefined) {
      invite = await findReusableInvite(this.#db, {
        groupId: body.groupId,
        createdBy: userId,
        now,
        until: new Date(now.getTime() + REUSE_MIN_REMAINING_MS),
      });
    }
    const hours = body.expiresInHours === undefined ? INVITE_DEFAULT_TTL_HOURS : body.expiresInHours;
    invite ??= await this.#insert({
      groupId: body.groupId,
      createdBy: userId,
      createdAt: now,
      expiresAt: hours === null ? null : new Date(now.getTime() + hours * HOUR_MS),
    });
    return {
      code: invite.code,
      link: { code: invite.code, groupId: invite.groupId },
      expiresAt: invite.expiresAt?.toISOString() ?? null,
    };
  }

  /** The group behind a valid code: name, avatar and member count only. */
  async preview(code: string): Promise<InvitePreviewResponse> {
    const invite = await findValidInvite(this.#db, code, new Date());
    if (!invite) throw new InviteNotFoundError();
    const group = await findGroup(this.#db, invite.groupId);
    if (!group) throw new InviteNotFoundError();
    const counts = await memberCountsOf(this.#db, [group.id]);
    return {
      group: { id: group.id, name: group.name, avatarUrl: group.avatarUrl, memberCount: counts.get(group.id) ?? 0 },
    };
  }

  /**
   * Joins with the default role; idempotent: an existing member gets `joined: false` and nothing changes (no use
   * counted, no message, no event). A join posts `member_joined` in the system channel; members hear it and the
   * `group_update` on the group channel, the joiner's other tabs on their own channel.
   */
  async accept(userId: string, code: string): Promise<{ joined: boolean; groupId: string }> {
    const now = new Date();
    const result = await this.#db.transaction(async (tx) => {
      const invite = await findValidInvite(tx, code, now);
      if (!invite) throw new InviteNotFoundError();
      const role = await defaultRoleOf(tx, invite.groupId);
      const user = await findUserById(tx, userId);
      if (!role || !user) throw new InviteNotFoundError();
      const member = { groupId: invite.groupId, userId, roleId: role.id, joinedAt: now };
      if (!(await insertMember(tx, member))) return { groupId: invite.groupId, joined: null };
      await countUse(tx, invite.id);
      const systemChannel = await systemChannelOf(tx, invite.groupId);
      let message: MessageRow | null = null;
      if (systemChannel?.chatId) {
        message = await insertMessage(tx, {
          id: uuidv7(),
          chatId: systemChannel.chatId,
          senderId: null,
          kind: 'SYSTEM',
          content: '',
          entities: [],
          system: { key: 'member_joined', userId, name: user.name },
          createdAt: now,
        });
      }
      return { groupId: invite.groupId, joined: { member, user, message } };
    });
    if (!result.joined) return { joined: false, groupId: result.groupId };
    const { member, user, message } = result.joined;
    const groupId = result.groupId;
    await publishGroupEvent(
      this.#publisher,
      this.#logger,
      {
        type: 'group_update',
        status: 'member_joined',
        payload: { groupId, member: await this.#groups.member(member, user) },
      },
      { toGroup: true, toUser: userId },
    );
    if (message) {
      await fanOut(this.#publisher, this.#logger, [
        {
          channel: groupChannel(groupId),
          event: { type: 'new_message', payload: { chatId: message.chatId, message: toMessage(message) } },
        },
      ]);
    }
    return { joined: true, groupId };
  }

  /** The code's creator or the group's owner; other members get 403, non-members and dead codes 404. */
  async revoke(userId: string, code: string): Promise<void> {
    const now = new Date();
    const invite = await findValidInvite(this.#db, code, now);
    if (!invite) throw new InviteNotFoundError();
    const membership = await findGroupForMember(this.#db, invite.groupId, userId);
    if (!membership) throw new InviteNotFoundError();
    if (invite.createdBy !== userId && membership.group.ownerId !== userId) {
      throw new ForbiddenError('Only the invite’s creator or the group owner can revoke it');
    }
    if (!(await revokeInvite(this.#db, invite.id, now))) throw new InviteNotFoundError();
  }

  async #insert(row: Omit<InviteRow, 'id' | 'code' | 'revokedAt' | 'uses'>): Promise<InviteRow> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await insertInvite(this.#db, { ...row, id: uuidv7(), code: newInviteCode() });
      } catch (error) {
        // A collision of 59-bit codes is practically impossible; retry a couple of times rather than fail.
        if (!isUniqueViolation(error) || attempt >= CODE_ATTEMPTS) throw error;
      }
    }
  }
}
