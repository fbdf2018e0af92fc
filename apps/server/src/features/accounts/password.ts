import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the library defaults, which are OWASP's recommendation (m=19456 KiB, t=2, p=1). Hashing runs on the
 * libuv thread pool, so it does not block the event loop.
 */
export class PasswordHasher {
  /** A real hash of a random password, verified against when the e-mail is unknown so both paths cost the same. */
  readonly #dummyHash: string;

  private constructor(dummyHash: string) {
    this.#dummyHash = dummyHash;
  }

  static async create(): Promise<PasswordHasher> {
    return new PasswordHasher(await hash(randomBytes(32).toString('base64url')));
  }

  hash(password: string): Promise<string> {
    return hash(password);
  }

  /** Pass `null` for an unknown account: it still does the full work and answers false. */
  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    const matches = await verify(passwordHash ?? this.#dummyHash, password);
    return passwordHash !== null && matches;
  }
}
