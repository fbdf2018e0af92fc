import { describe, expect, it } from 'vitest';
import { PasswordHasher } from '../../src/features/accounts/password.js';

describe('password hashing', () => {
  it("is argon2id at OWASP's recommended cost by default", async () => {
    const hasher = await PasswordHasher.create();
    const stored = await hasher.hash('correct horse battery staple');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(stored, 'correct horse battery staple')).toBe(true);
    expect(await hasher.verify(stored, 'wrong')).toBe(false);
    expect(await hasher.verify(null, 'correct horse battery staple')).toBe(false);
  });

  it('uses the cost it is given (the integration harness asks for less)', async () => {
    const hasher = await PasswordHasher.create({ memoryCost: 1024, timeCost: 1 });
    const stored = await hasher.hash('pw');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await hasher.verify(stored, 'pw')).toBe(true);
  });
});
