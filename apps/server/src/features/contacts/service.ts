import type { Contact, ContactEventStatus } from '@beseda/protocol/contacts';
import { userChannel } from '@beseda/protocol/realtime';
import { v7 as uuidv7 } from 'uuid';
import { type Database, isUniqueViolation } from '../../db/database.js';
import type { ContactRow } from '../../db/schema/contacts.js';
import type { UserRow } from '../../db/schema/users.js';
import type { UserRateLimiter } from '../../rate-limit/user-rate-limiter.js';
import type { Announcements, Announcer } from '../../delivery/announcer.js';
import type { AccountService } from '../accounts/service.js';
import { toContact } from './dto.js';
import { ContactExistsError, ContactNotFoundError, ContactSelfError, UserNotFoundError } from './errors.js';
import type { PresenceReader } from '../presence/presence-reader.js';
import { notify } from '../notifications/service.js';
import {
  acceptPending,
  areFriends,
  deleteAccepted,
  deletePending,
  findUserByNickname,
  friendIdsOf,
  insertContact,
  listContactsOf,
  lockPair,
} from './repository.js';

/**
 * The friend-request state machine (spec §4): none → PENDING (send) → ACCEPTED (accept, or a send back) → none
 * (delete); PENDING → none (reject by the addressee, cancel by the requester). Every transition is one transaction
 * that also logs its announcement to both users, published once it commits.
 */
export interface ContactServiceDeps {
  db: Database;
  announcer: Announcer;
  presence: PresenceReader;
  accounts: Pick<AccountService, 'findUser'>;
  /** Friend requests per user (rate-limit/creation-limits.ts). */
  requests: UserRateLimiter;
}

export class ContactService {
  readonly #db: Database;
  readonly #announcer: Announcer;
  readonly #presence: PresenceReader;
  readonly #accounts: Pick<AccountService, 'findUser'>;
  readonly #requests: UserRateLimiter;

  constructor(deps: ContactServiceDeps) {
    this.#db = deps.db;
    this.#announcer = deps.announcer;
    this.#presence = deps.presence;
    this.#accounts = deps.accounts;
    this.#requests = deps.requests;
  }

  async list(userId: string): Promise<Contact[]> {
    const rows = await listContactsOf(this.#db, userId);
    const online = await this.#presence.onlineUsers(rows.map((row) => row.other.id));
    return rows.map(({ contact, other }) => toContact(contact, other, online.has(other.id), userId));
  }

  /**
   * Sends a request, or accepts theirs when they already asked (as Discord does). A pending outgoing request or an
   * existing friendship is a 409. Two racing first requests of one pair meet at the pair's unique index: the loser
   * retries once and then sees the winner's row. Over the flood limit: 429, nothing written.
   */
  async send(actorId: string, nickname: string): Promise<Contact> {
    await this.#requests.take(actorId);
    const { actor, target } = await this.#parties(actorId, nickname);
    let row: ContactRow;
    try {
      row = await this.#sendOnce(actor, target);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      row = await this.#sendOnce(actor, target);
    }
    return this.#dto(row, target, actor.id);
  }

  /** Accepts the pending request `nickname` sent to the actor. */
  async accept(actorId: string, nickname: string): Promise<Contact> {
    const { actor, target } = await this.#parties(actorId, nickname);
    const row = await this.#announcer.transaction(async (tx, announcements) => {
      const accepted = await acceptPending(tx, { requesterId: target.id, addresseeId: actor.id, now: new Date() });
      if (!accepted) throw new ContactNotFoundError('No pending request from this user');
      announce(announcements, actor, target, 'accepted');
      await notifyAccepted(tx, announcements, { requesterId: target.id, actorId: actor.id });
      return accepted;
    });
    return this.#dto(row, target, actor.id);
  }

  /** Rejects an incoming request: the row goes away, so the requester may ask again later. */
  async reject(actorId: string, nickname: string): Promise<void> {
    const { actor, target } = await this.#parties(actorId, nickname);
    await this.#announcer.transaction(async (tx, announcements) => {
      const row = await deletePending(tx, { requesterId: target.id, addresseeId: actor.id });
      if (!row) throw new ContactNotFoundError('No pending request from this user');
      announce(announcements, actor, target, 'rejected');
    });
  }

  /** Withdraws the actor's own pending request. */
  async cancel(actorId: string, nickname: string): Promise<void> {
    const { actor, target } = await this.#parties(actorId, nickname);
    await this.#announcer.transaction(async (tx, announcements) => {
      const row = await deletePending(tx, { requesterId: actor.id, addresseeId: target.id });
      if (!row) throw new ContactNotFoundError('No pending request to this user');
      announce(announcements, actor, target, 'cancelled');
    });
  }

  /** Ends a friendship. Their direct chat stays readable, but read-only (canWrite follows the friendship). */
  async remove(actorId: string, nickname: string): Promise<void> {
    const { actor, target } = await this.#parties(actorId, nickname);
    await this.#announcer.transaction(async (tx, announcements) => {
      const row = await deleteAccepted(tx, actor.id, target.id);
      if (!row) throw new ContactNotFoundError('This user is not your friend');
      announce(announcements, actor, target, 'removed');
    });
  }

  /** ContactAudience for presence: whom to tell that this user went online or offline. */
  contactIdsOf(userId: string): Promise<string[]> {
    return this.friendIdsOf(userId);
  }

  areFriends(a: string, b: string): Promise<boolean> {
    return areFriends(this.#db, a, b);
  }

  friendIdsOf(userId: string): Promise<string[]> {
    return friendIdsOf(this.#db, userId);
  }

  findByNickname(nickname: string): Promise<UserRow | undefined> {
    return findUserByNickname(this.#db, nickname);
  }

  async #sendOnce(actor: UserRow, target: UserRow): Promise<ContactRow> {
    return this.#announcer.transaction(async (tx, announcements) => {
      const existing = await lockPair(tx, actor.id, target.id);
      if (!existing) {
        const now = new Date();
        const row = await insertContact(tx, {
          id: uuidv7(),
          requesterId: actor.id,
          addresseeId: target.id,
          status: 'PENDING',
          createdAt: now,
          updatedAt: now,
        });
        announce(announcements, actor, target, 'pending');
        await notify(tx, announcements, {
          userId: target.id,
          actorId: actor.id,
          at: now,
          kind: 'friend_request',
          payload: {},
        });
        return row;
      }
      if (existing.status === 'PENDING' && existing.requesterId === target.id) {
        const row = await acceptPending(tx, { requesterId: target.id, addresseeId: actor.id, now: new Date() });
        if (!row) throw new Error('locked pending request vanished');
        announce(announcements, actor, target, 'accepted');
        await notifyAccepted(tx, announcements, { requesterId: target.id, actorId: actor.id });
        return row;
      }
      throw new ContactExistsError();
    });
  }

  async #parties(actorId: string, nickname: string): Promise<{ actor: UserRow; target: UserRow }> {
    const actor = await this.#accounts.findUser(actorId);
    // The session row cascades with the user, so this is only a race with account deletion.
    if (!actor) throw new UserNotFoundError();
    if (nickname === actor.nickname) throw new ContactSelfError();
    const target = await findUserByNickname(this.#db, nickname);
    if (!target) throw new UserNotFoundError();
    return { actor, target };
  }

  async #dto(row: ContactRow, other: UserRow, viewerId: string): Promise<Contact> {
    const online = await this.#presence.onlineUsers([other.id]);
    return toContact(row, other, online.has(other.id), viewerId);
  }
}

/** The inbox of whoever sent the request that `actorId` just accepted ("invites accepted", issue 15). */
function notifyAccepted(
  tx: Database,
  announcements: Announcements,
  { requesterId, actorId }: { requesterId: string; actorId: string },
): Promise<boolean> {
  return notify(tx, announcements, {
    userId: requesterId,
    actorId,
    at: new Date(),
    kind: 'friend_accepted',
    payload: {},
  });
}

/** To the other user (toast + reload) and to the actor's own channel (their other tabs reload). */
function announce(announcements: Announcements, actor: UserRow, target: UserRow, status: ContactEventStatus): void {
  const event = { type: 'contact' as const, status, payload: { from: actor.nickname, userId: actor.id } };
  announcements.add({ channel: userChannel(target.id), event }, { channel: userChannel(actor.id), event });
}
