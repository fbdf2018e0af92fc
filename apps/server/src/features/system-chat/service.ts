import { v7 as uuidv7 } from 'uuid';
import { type Database, isUniqueViolation } from '../../db/database.js';
import type { Announcements, Announcer } from '../../delivery/announcer.js';
import type { AccountHooks, SignInEvent } from '../accounts/service.js';
import { postSystemMessage } from '../messages/system-messages.js';
import { deviceName } from '../sessions/device-name.js';
import { findSystemChatId, hasEarlierSessionOnDevice, insertSystemChat } from './repository.js';

/**
 * Each user's official chat (spec §2 «Official», DESIGN "System chat"): created at registration with a welcome, and
 * told about every sign-in from a device the account never used before. Its messages are data (`system.key`), worded
 * by the client. It plugs into registration and sign-in as their AccountHooks, inside their transactions.
 */
export class SystemChatService implements AccountHooks {
  readonly #db: Database;
  readonly #announcer: Announcer;

  constructor(deps: { db: Database; announcer: Announcer }) {
    this.#db = deps.db;
    this.#announcer = deps.announcer;
  }

  /** The user's system chat id; created (with its welcome) for accounts that predate system chats. */
  async ensure(userId: string): Promise<string> {
    const existing = await findSystemChatId(this.#db, userId);
    if (existing) return existing;
    try {
      return await this.#announcer.transaction((tx, announcements) => this.#create(tx, announcements, userId));
    } catch (error) {
      // Two first requests raced; the other one created it.
      if (!isUniqueViolation(error)) throw error;
      const created = await findSystemChatId(this.#db, userId);
      if (!created) throw error;
      return created;
    }
  }

  async onRegistered(tx: Database, announcements: Announcements, userId: string): Promise<void> {
    await this.#create(tx, announcements, userId);
  }

  /** Posts `new_sign_in` when no earlier session of the user has this device name. */
  async onSignedIn(tx: Database, announcements: Announcements, signIn: SignInEvent): Promise<void> {
    const device = deviceName(signIn.userAgent);
    const known = await hasEarlierSessionOnDevice(tx, {
      userId: signIn.userId,
      device,
      exceptSessionId: signIn.sessionId,
    });
    if (known) return;
    const chatId =
      (await findSystemChatId(tx, signIn.userId)) ?? (await this.#create(tx, announcements, signIn.userId));
    await postSystemMessage(tx, announcements, {
      chatId,
      system: { key: 'new_sign_in', device, ip: signIn.ip, at: signIn.at.toISOString() },
      audience: { userId: signIn.userId },
    });
  }

  async #create(tx: Database, announcements: Announcements, userId: string): Promise<string> {
    const chatId = uuidv7();
    await insertSystemChat(tx, { chatId, userId, now: new Date() });
    await postSystemMessage(tx, announcements, { chatId, system: { key: 'welcome' }, audience: null });
    return chatId;
  }
}
