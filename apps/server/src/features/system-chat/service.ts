import type { SystemMessage } from '@beseda/protocol/chats';
import { userMessageChannel } from '@beseda/protocol/realtime';
import type { Logger } from 'pino';
import { v7 as uuidv7 } from 'uuid';
import { type Database, isUniqueViolation } from '../../db/database.js';
import type { MessageRow } from '../../db/schema/messages.js';
import type { Publisher } from '../../realtime/publisher.js';
import type { AccountHooks, SignInEvent } from '../accounts/service.js';
import { fanOut } from '../chats/fan-out.js';
import { toMessage } from '../messages/dto.js';
import { insertMessage } from '../messages/repository.js';
import { deviceName } from '../sessions/device-name.js';
import { findSystemChatId, hasEarlierSessionOnDevice, insertSystemChat } from './repository.js';

/**
 * Each user's official chat (spec §2 «Official», DESIGN "System chat"): created at registration with a welcome, and
 * told about every sign-in from a device the account never used before. Its messages are data (`system.key`), worded
 * by the client. It plugs into registration and sign-in as their AccountHooks, inside their transactions.
 */
export class SystemChatService implements AccountHooks {
  readonly #db: Database;
  readonly #publisher: Publisher;
  readonly #logger: Logger;

  constructor(db: Database, publisher: Publisher, logger: Logger) {
    this.#db = db;
    this.#publisher = publisher;
    this.#logger = logger;
  }

  /** The user's system chat id; created (with its welcome) for accounts that predate system chats. */
  async ensure(userId: string): Promise<string> {
    const existing = await findSystemChatId(this.#db, userId);
    if (existing) return existing;
    try {
      return await this.#db.transaction((tx) => this.#create(tx, userId));
    } catch (error) {
      // Two first requests raced; the other one created it.
      if (!isUniqueViolation(error)) throw error;
      const created = await findSystemChatId(this.#db, userId);
      if (!created) throw error;
      return created;
    }
  }

  async onRegistered(tx: Database, userId: string): Promise<void> {
    await this.#create(tx, userId);
  }

  /** Posts `new_sign_in` when no earlier session of the user has this device name; published after the commit. */
  async onSignedIn(tx: Database, signIn: SignInEvent): Promise<(() => Promise<void>) | null> {
    const device = deviceName(signIn.userAgent);
    const known = await hasEarlierSessionOnDevice(tx, {
      userId: signIn.userId,
      device,
      exceptSessionId: signIn.sessionId,
    });
    if (known) return null;
    const chatId = (await findSystemChatId(tx, signIn.userId)) ?? (await this.#create(tx, signIn.userId));
    const message = await this.#post(tx, chatId, {
      key: 'new_sign_in',
      device,
      ip: signIn.ip,
      at: signIn.at.toISOString(),
    });
    return () => this.#announce(signIn.userId, message);
  }

  async #create(tx: Database, userId: string): Promise<string> {
    const chatId = uuidv7();
    await insertSystemChat(tx, { chatId, userId, now: new Date() });
    await this.#post(tx, chatId, { key: 'welcome' });
    return chatId;
  }

  #post(tx: Database, chatId: string, system: SystemMessage): Promise<MessageRow> {
    return insertMessage(tx, {
      id: uuidv7(),
      chatId,
      senderId: null,
      kind: 'SYSTEM',
      content: '',
      entities: [],
      system,
      createdAt: new Date(),
    });
  }

  #announce(userId: string, message: MessageRow): Promise<void> {
    return fanOut(this.#publisher, this.#logger, [
      {
        channel: userMessageChannel(userId),
        event: { type: 'new_message', payload: { chatId: message.chatId, message: toMessage(message) } },
      },
    ]);
  }
}
