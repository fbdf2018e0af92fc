import type { CreateInviteBody, InvitePreviewResponse, InviteResponse } from '@beseda/protocol/groups';
import { INVITE_DEFAULT_TTL_HOURS } from '@beseda/protocol/groups';
import { v7 as uuidv7 } from 'uuid';
import { type Database, isUniqueViolation } from '../../db/database.js';
import type { InviteRow } from '../../db/schema/groups.js';
import { ForbiddenError } from '../../errors.js';
import type { UserRateLimiter } from '../../rate-limit/user-rate-limiter.js';
import type { Announcer } from '../../delivery/announcer.js';
import { GroupNotFoundError } from '../groups/errors.js';
import type { GroupService } from '../groups/service.js';
import { newInviteCode } from './code.js';
import { InviteNotFoundError } from './errors.js';
import { notify } from '../notifications/service.js';
import {
  countUse,
  findGroupName,
  findReusableInvite,
  findValidInvite,
  insertInvite,
  revokeInvite,
} from './repository.js';
const HOUR_MS = 3_600_000;
/** A default request reuses the caller's invite while it has at least this long to live (no row per modal open). */
const REUSE_MIN_REMAINING_MS = 24 * HOUR_MS;
const CODE_ATTEMPTS = 3;

/** Invite codes: any member creates one; anyone signed in who holds a valid code may preview and accept it. */
export interface InviteServiceDeps {
  db: Database;
  announcer: Announcer;
  groups: GroupService;
  /** New invite codes per user (rate-limit/creation-limits.ts); handing back a live one does not count. */
  creations: UserRateLimiter;
}

export class InviteService {
  readonly #db: Database;
  readonly #groups: GroupService;
  readonly #announcer: Announcer;
  readonly #creations: UserRateLimiter;

  constructor(deps: InviteServiceDeps) {
    this.#db = deps.db;
    this.#groups = deps.groups;
    this.#announcer = deps.announcer;
    this.#creations = deps.creations;
  }

  /**
   * Without `expiresInHours` the caller's live default invite is returned again if it has a day left, else a new
   * one for INVITE_DEFAULT_TTL_HOURS; with it (null: never expires) always a new code. A new code over the flood
   * limit: 429, nothing written.
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
    if (!invite) await this.#creations.take(userId);
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
    const group = await this.#groups.preview(invite.groupId);
    if (!group) throw new InviteNotFoundError();
    return { group };
  }

  /**
   * Joins with the default role; idempotent: an existing member gets `joined: false` and nothing changes (no use
   * counted, no message, no event). What a join posts and announces is the groups feature's (`addMember`).
   */
  async accept(userId: string, code: string): Promise<{ joined: boolean; groupId: string }> {
    const at = new Date();
    return this.#announcer.transaction(async (tx, announcements) => {
      const invite = await findValidInvite(tx, code, at);
      if (!invite) throw new InviteNotFoundError();
      const groupId = invite.groupId;
      const joined = await asInviteNotFound(this.#groups.addMember(tx, announcements, { groupId, userId, at }));
      if (joined) {
        await countUse(tx, invite.id);
        // The inbox of the link's creator: someone came in through it (nothing when they used their own link).
        const groupName = await findGroupName(tx, groupId);
        if (groupName !== undefined) {
          await notify(tx, announcements, {
            userId: invite.createdBy,
            actorId: userId,
            at,
            kind: 'group_joined',
            payload: { groupId, groupName },
          });
        }
      }
      return { joined, groupId };
    });
  }

  /** The code's creator or the group's owner; other members get 403, non-members and dead codes 404. */
  async revoke(userId: string, code: string): Promise<void> {
    const now = new Date();
    const invite = await findValidInvite(this.#db, code, now);
    if (!invite) throw new InviteNotFoundError();
    const membership = await asInviteNotFound(this.#groups.requireMember(userId, invite.groupId));
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

/** Behind a code, a group the caller cannot see looks like a dead code: 404 INVITE_NOT_FOUND, not NOT_FOUND. */
async function asInviteNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw error instanceof GroupNotFoundError ? new InviteNotFoundError() : error;
  }
}
