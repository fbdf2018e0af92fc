import type { LoginBody, RegisterBody } from '@beseda/protocol/auth';
import { v7 as uuidv7 } from 'uuid';
import { type Database, isUniqueViolation } from '../../db/database.js';
import type { UserRow } from '../../db/schema/users.js';
import { EmailOrNicknameTakenError, InvalidCredentialsError, NotFoundError } from '../../errors.js';
import type { ClientInfo, SessionService, SessionTokens } from '../sessions/service.js';
import type { PasswordHasher } from './password.js';
import { findUserByEmail, findUserById, insertUser } from './repository.js';

export interface SignedIn {
  user: UserRow;
  tokens: SessionTokens;
}

/** E-mail addresses are compared case-insensitively: stored and looked up trimmed and lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class AccountService {
  readonly #db: Database;
  readonly #passwords: PasswordHasher;
  readonly #sessions: SessionService;

  constructor(db: Database, passwords: PasswordHasher, sessions: SessionService) {
    this.#db = db;
    this.#passwords = passwords;
    this.#sessions = sessions;
  }

  /**
   * Creates the account and its first session in one transaction, so a failure leaves nothing behind. Uniqueness is
   * enforced by the database's constraints, not by a prior SELECT, so two racing registrations cannot both succeed.
   */
  async register(body: RegisterBody, client: ClientInfo): Promise<SignedIn> {
    const passwordHash = await this.#passwords.hash(body.password);
    try {
      return await this.#db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          id: uuidv7(),
          email: normalizeEmail(body.email),
          nickname: body.nickname,
          name: body.nickname,
          passwordHash,
        });
        const tokens = await this.#sessions.start(tx, user.id, client);
        return { user, tokens };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmailOrNicknameTakenError();
      throw error;
    }
  }

  /** Unknown e-mail and wrong password give the same error after the same argon2 work (spec §8, no enumeration). */
  async login(body: LoginBody, client: ClientInfo): Promise<SignedIn> {
    const user = await findUserByEmail(this.#db, normalizeEmail(body.email));
    const valid = await this.#passwords.verify(user?.passwordHash ?? null, body.password);
    if (!user || !valid) throw new InvalidCredentialsError();
    const tokens = await this.#sessions.start(this.#db, user.id, client);
    return { user, tokens };
  }

  async getUser(userId: string): Promise<UserRow> {
    const user = await findUserById(this.#db, userId);
    // The session row references the user with ON DELETE CASCADE, so this only happens in a race with deletion.
    if (!user) throw new NotFoundError('User not found');
    return user;
  }
}
