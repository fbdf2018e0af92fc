import type { LoginBody, RegisterBody } from '@beseda/protocol/auth';
import { v7 as uuidv7 } from 'uuid';
import { type Database, isUniqueViolation } from '../../db/database.js';
import type { UserRow } from '../../db/schema/users.js';
import { EmailOrNicknameTakenError, InvalidCredentialsError, NotFoundError } from '../../errors.js';
import type { LoginThrottle } from '../../rate-limit/login-policy.js';
import type { Announcements, Announcer } from '../../delivery/announcer.js';
import { claimAvatar } from '../files/claim.js';
import { setBounded } from '../../bounded-map.js';
import type { ClientInfo, SessionService, SessionTokens } from '../sessions/service.js';
import { nicknameSkeletons } from './nickname-skeleton.js';
import type { PasswordHasher } from './password.js';
import { findUserByEmail, findUserById, insertUser, updateUserAvatar } from './repository.js';

/** A completed sign-in, as the hooks see it. */
export interface SignInEvent {
  userId: string;
  sessionId: string;
  userAgent: string;
  ip: string;
  at: Date;
}

/**
 * What other features do when an account is created or signs in (the system chat's welcome and new-device notice).
 * Both run inside the same transaction as the account or session row, so a failure leaves nothing behind; what they
 * announce is published once it commits.
 */
export interface AccountHooks {
  onRegistered(tx: Database, announcements: Announcements, userId: string): Promise<void>;
  onSignedIn(tx: Database, announcements: Announcements, signIn: SignInEvent): Promise<void>;
}

export interface AccountServiceDeps {
  db: Database;
  announcer: Announcer;
  passwords: PasswordHasher;
  sessions: SessionService;
  /** Failed sign-ins per e-mail: a delay that doubles (rate-limit/login-policy.ts). */
  loginAttempts: LoginThrottle;
  hooks?: AccountHooks;
}

/** Display names are cached per process for typing events; a name never changes once the account exists. */
const DISPLAY_NAME_CACHE_MAX = 10_000;

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
  readonly #announcer: Announcer;
  readonly #passwords: PasswordHasher;
  readonly #sessions: SessionService;
  readonly #hooks: AccountHooks | undefined;
  readonly #loginAttempts: LoginThrottle;
  readonly #displayNames = new Map<string, string>();

  constructor(deps: AccountServiceDeps) {
    this.#db = deps.db;
    this.#announcer = deps.announcer;
    this.#passwords = deps.passwords;
    this.#sessions = deps.sessions;
    this.#hooks = deps.hooks;
    this.#loginAttempts = deps.loginAttempts;
  }

  /**
   * Creates the account and its first session in one transaction, so a failure leaves nothing behind. Uniqueness is
   * enforced by the database's constraints, not by a prior SELECT, so two racing registrations cannot both succeed:
   * the e-mail, the nickname, and the nickname's skeletons (a nickname passing for a taken one is taken too).
   */
  async register(body: RegisterBody, client: ClientInfo): Promise<SignedIn> {
    const passwordHash = await this.#passwords.hash(body.password);
    try {
      return await this.#announcer.transaction(async (tx, announcements) => {
        const user = await insertUser(tx, {
          id: uuidv7(),
          email: normalizeEmail(body.email),
          nickname: body.nickname,
          ...nicknameSkeletons(body.nickname),
          name: body.nickname,
          passwordHash,
        });
        const tokens = await this.#sessions.start(tx, user.id, client);
        await this.#hooks?.onRegistered(tx, announcements, user.id);
        return { user, tokens };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmailOrNicknameTakenError();
      throw error;
    }
  }

  /**
   * Unknown e-mail and wrong password give the same error after the same argon2 work (spec §8, no enumeration), and
   * count the same towards the e-mail's delay: while it runs, 429 with Retry-After and no password is checked.
   */
  async login(body: LoginBody, client: ClientInfo): Promise<SignedIn> {
    const email = normalizeEmail(body.email);
    await this.#loginAttempts.attempt(email);
    const user = await findUserByEmail(this.#db, email);
    const valid = await this.#passwords.verify(user?.passwordHash ?? null, body.password);
    if (!user || !valid) throw new InvalidCredentialsError();
    await this.#loginAttempts.succeeded(email);
    const tokens = await this.#announcer.transaction(async (tx, announcements) => {
      const started = await this.#sessions.start(tx, user.id, client);
      await this.#hooks?.onSignedIn(tx, announcements, {
        userId: user.id,
        sessionId: started.sessionId,
        userAgent: client.userAgent,
        ip: client.ip,
        at: new Date(),
      });
      return started;
    });
    return { user, tokens };
  }

  /**
   * Makes the caller's upload `key` (entity `user`) their avatar; the upload is used in the same transaction.
   * 404 UPLOAD_NOT_FOUND / 409 UPLOAD_ALREADY_USED from files/claim.ts.
   */
  async setAvatar(userId: string, key: string): Promise<UserRow> {
    return this.#db.transaction(async (tx) => {
      const avatarUrl = await claimAvatar(tx, { key, userId, entity: 'user', subjectId: userId });
      return updateUserAvatar(tx, userId, avatarUrl);
    });
  }

  /** The account, read inside the caller's transaction when one is passed. */
  findUser(userId: string, db: Database = this.#db): Promise<UserRow | undefined> {
    return findUserById(db, userId);
  }

  /** The name others see (typing events); read from the database once per user and process. */
  async displayName(userId: string): Promise<string | undefined> {
    const cached = this.#displayNames.get(userId);
    if (cached !== undefined) return cached;
    const user = await findUserById(this.#db, userId);
    if (user) setBounded(this.#displayNames, userId, user.name, DISPLAY_NAME_CACHE_MAX);
    return user?.name;
  }

  async getUser(userId: string): Promise<UserRow> {
    const user = await findUserById(this.#db, userId);
    // The session row references the user with ON DELETE CASCADE, so this only happens in a race with deletion.
    if (!user) throw new NotFoundError('User not found');
    return user;
  }
}
