import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id's cost: memory in KiB and passes. */
export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
}

/** The library defaults, which are OWASP's recommendation for argon2id (m=19456 KiB, t=2, p=1). */
export const RECOMMENDED_PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 19_456, timeCost: 2 };

/**
 * argon2id at the recommended cost unless told otherwise: only the integration harness asks for less, because its
 * thousands of sign-ups would otherwise spend a large share of two cores on hashing (the cost is not configurable
 * from the environment, so a deployment cannot weaken it by accident). Hashing runs on the libuv thread pool, so it
 * does not block the event loop.
 */
export class PasswordHasher {
  /** A real hash of a random password, verified against when the e-mail is unknown so both paths cost the same. */
  readonly #dummyHash: string;
  readonly #cost: PasswordHashCost;

  private constructor(dummyHash: string, cost: PasswordHashCost) {
    this.#dummyHash = dummyHash;
    this.#cost = cost;
  }

  static async create(cost: PasswordHashCost = RECOMMENDED_PASSWORD_HASH_COST): Promise<PasswordHasher> {
    return new PasswordHasher(await hash(randomBytes(32).toString('base64url'), cost), cost);
  }

  hash(password: string): Promise<string> {
    return hash(password, this.#cost);
  }

  /** Pass `null` for an unknown account: it still does the full work and answers false. */
  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    const matches = await verify(passwordHash ?? this.#dummyHash, password);
    return passwordHash !== null && matches;
  }
}
