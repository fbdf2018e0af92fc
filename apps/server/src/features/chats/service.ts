import type { Chat } from '@beseda/protocol/chats';
import { v7 as uuidv7 } from 'uuid';
import { type Database, isUniqueViolation } from '../../db/database.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AccountService } from '../accounts/service.js';
import { channelCanWrite } from '../groups/channel-permissions.js';
import { ContactSelfError, UserNotFoundError } from '../contacts/errors.js';
import type { PresenceReader } from '../presence/presence-reader.js';
import type { ContactService } from '../contacts/service.js';
import type { SystemChatService } from '../system-chat/service.js';
import { toChat } from './dto.js';
import { ChatNotFoundError, NotFriendsError } from './errors.js';
import {
  findDirectChatId,
  findMembership,
  findMembershipAccess,
  insertDirectChat,
  lastMessagesOf,
  listMemberships,
  type Membership,
  membersOf,
  mentionCountsOf,
  unreadCountsOf,
} from './repository.js';

/** What a write needs to know about the chat it targets. */
export interface ChatAccess {
  membership: Membership;
  /** Every member, the caller included (the event recipients). Empty for channel chats: see `groupId`. */
  memberIds: string[];
  /** Channel chats: their events go once to this group's channel, not to each member (groups can be huge). */
  groupId: string | null;
  canWrite: boolean;
}

/** Chat lists and single chats for a member, direct chats between friends, and the access check of every write. */
export interface ChatServiceDeps {
  db: Database;
  presence: PresenceReader;
  accounts: Pick<AccountService, 'findUser'>;
  contacts: Pick<ContactService, 'areFriends' | 'findByNickname' | 'friendIdsOf'>;
  systemChats: Pick<SystemChatService, 'ensure'>;
}

export class ChatService {
  readonly #db: Database;
  readonly #deps: ChatServiceDeps;

  constructor(deps: ChatServiceDeps) {
    this.#db = deps.db;
    this.#deps = deps;
  }

  /** The user's direct chats, by last message time, newest first. */
  async list(userId: string): Promise<Chat[]> {
    return this.#build(userId, await listMemberships(this.#db, userId, 'direct'));
  }

  async get(userId: string, chatId: string): Promise<Chat> {
    const membership = await findMembership(this.#db, chatId, userId);
    if (!membership) throw new ChatNotFoundError();
    const [chat] = await this.#build(userId, [membership]);
    if (!chat) throw new ChatNotFoundError();
    return chat;
  }

  /** The official chat, created on first use for accounts that predate it. */
  async getSystem(userId: string): Promise<Chat> {
    return this.get(userId, await this.#deps.systemChats.ensure(userId));
  }

  /**
   * The direct chat with a friend, created on first use. Two first requests race at direct_chats' primary key: one
   * creates, the other's transaction rolls back and it reads the winner's chat — never two chats for one pair.
   */
  async openWith(userId: string, nickname: string): Promise<Chat> {
    const me = await this.#deps.accounts.findUser(userId);
    if (!me) throw new UserNotFoundError();
    if (me.nickname === nickname) throw new ContactSelfError();
    const other = await this.#deps.contacts.findByNickname(nickname);
    if (!other) throw new UserNotFoundError();
    if (!(await this.#deps.contacts.areFriends(me.id, other.id))) throw new NotFriendsError();
    const [low, high] = me.id < other.id ? [me.id, other.id] : [other.id, me.id];
    let chatId = await findDirectChatId(this.#db, low, high);
    if (!chatId) {
      const newId = uuidv7();
      try {
        await this.#db.transaction((tx) => insertDirectChat(tx, { chatId: newId, low, high, now: new Date() }));
        chatId = newId;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        chatId = await findDirectChatId(this.#db, low, high);
        if (!chatId) throw error;
      }
    }
    return this.get(userId, chatId);
  }

  /**
   * The pair's direct chat id, created inside the caller's transaction when they never opened it (a call record needs
   * it). The insert runs in a savepoint: an `openWith` that created the chat a moment earlier fails only that, and the
   * winner's chat is used.
   */
  async ensureDirectChat(tx: Database, a: string, b: string, now: Date): Promise<string> {
    const [low, high] = a < b ? [a, b] : [b, a];
    const existing = await findDirectChatId(tx, low, high);
    if (existing) return existing;
    const chatId = uuidv7();
    try {
      await tx.transaction((savepoint) => insertDirectChat(savepoint, { chatId, low, high, now }));
      return chatId;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await findDirectChatId(tx, low, high);
      if (!winner) throw error;
      return winner;
    }
  }

  /** Membership only (else 404, the same as an unknown id): the one primary-key probe reads need. */
  async requireMember(userId: string, chatId: string): Promise<Membership> {
    const membership = await findMembership(this.#db, chatId, userId);
    if (!membership) throw new ChatNotFoundError();
    return membership;
  }

  /** Others' unread messages per chat (chats without any are absent); group channels use it too. */
  unreadCounts(userId: string, chatIds: readonly string[]): Promise<Map<string, number>> {
    return unreadCountsOf(this.#db, userId, chatIds);
  }

  /** Unread messages that mention the user, per chat (chats without any are absent); group channels use it too. */
  mentionCounts(userId: string, chatIds: readonly string[]): Promise<Map<string, number>> {
    return mentionCountsOf(this.#db, userId, chatIds);
  }

  /**
   * Membership (else 404, the same as an unknown id) and whether the caller may write: direct chats while the two
   * are friends; the system chat never; channel chats by the channel's rule. Pass a transaction to check inside it.
   */
  async access(userId: string, chatId: string, db: Database = this.#db): Promise<ChatAccess> {
    // One statement: membership, member ids and the friendship of a direct chat's pair (a send's only read).
    const found = await findMembershipAccess(db, chatId, userId);
    if (!found) throw new ChatNotFoundError();
    const { memberIds, friends, ...membership } = found;
    const { channel } = membership;
    if (channel) {
      const canWrite = channelCanWrite(channel.type, channel.ownerId === userId);
      return { membership, memberIds: [], groupId: channel.groupId, canWrite };
    }
    const ids = memberIds ?? [];
    const canWrite = membership.chat.kind === 'direct' && ids.some((id) => id !== userId) && friends;
    return { membership, memberIds: ids, groupId: null, canWrite };
  }

  async #build(userId: string, memberships: readonly Membership[]): Promise<Chat[]> {
    const chatIds = memberships.map((m) => m.chat.id);
    // A channel chat's members are its group's (see the group's participants), not listed here.
    const listed = memberships.filter((m) => m.channel === null).map((m) => m.chat.id);
    const [members, lastMessages, unread, mentions, friendIds] = await Promise.all([
      membersOf(this.#db, listed),
      lastMessagesOf(this.#db, chatIds),
      unreadCountsOf(this.#db, userId, chatIds),
      mentionCountsOf(this.#db, userId, chatIds),
      this.#deps.contacts.friendIdsOf(userId),
    ]);
    const byChat = new Map<string, UserRow[]>();
    for (const { chatId, user } of members) byChat.set(chatId, [...(byChat.get(chatId) ?? []), user]);
    const online = await this.#deps.presence.onlineUsers([...new Set(members.map((m) => m.user.id))]);
    const friends = new Set(friendIds);
    return memberships.map((membership) => {
      const chatMembers = byChat.get(membership.chat.id) ?? [];
      return toChat({
        membership,
        viewerId: userId,
        members: chatMembers,
        online,
        lastMessage: lastMessages.get(membership.chat.id),
        unreadCount: unread.get(membership.chat.id) ?? 0,
        mentionCount: mentions.get(membership.chat.id) ?? 0,
        friends: chatMembers.some((user) => user.id !== userId && friends.has(user.id)),
      });
    });
  }
}
