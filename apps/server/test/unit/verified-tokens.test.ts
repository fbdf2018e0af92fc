import { describe, expect, it } from 'vitest';
import { deriveTokenKeys, signToken } from '../../src/features/sessions/tokens.js';
import { VerifiedTokens } from '../../src/features/sessions/verified-tokens.js';

const keys = deriveTokenKeys('v'.repeat(40));
const claims = (n: number) => ({
  userId: `01936f0e-0000-7000-8000-${String(n).padStart(12, '0')}`,
  sessionId: `01936f0e-1111-7000-8000-${String(n).padStart(12, '0')}`,
});

describe('VerifiedTokens', () => {
  it('answers like a fresh verification while the token is valid, and keeps only valid tokens', async () => {
    const cache = new VerifiedTokens(keys.access);
    const { token } = await signToken(keys.access, claims(1), 60);
    expect(await cache.verify(token)).toEqual(claims(1));
    expect(await cache.verify(token)).toEqual(claims(1));
    expect(cache.size).toBe(1);

    const { token: wsToken } = await signToken(keys.ws, claims(2), 60);
    expect(await cache.verify(wsToken)).toBeNull();
    expect(await cache.verify(`${token.slice(0, -2)}xx`)).toBeNull();
    expect(cache.size).toBe(1);
  });

  it('never answers for a token past its exp, cached or not', async () => {
    const cache = new VerifiedTokens(keys.access);
    const now = Date.now();
    const { token, expiresAt } = await signToken(keys.access, claims(3), 60, new Date(now));
    expect(await cache.verify(token, now)).toEqual(claims(3));
    expect(await cache.verify(token, expiresAt.getTime())).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('stays within its bound, dropping the oldest entry first', async () => {
    const cache = new VerifiedTokens(keys.access, 2);
    const tokens = await Promise.all([1, 2, 3].map(async (n) => (await signToken(keys.access, claims(n), 60)).token));
    for (const token of tokens) await cache.verify(token);
    expect(cache.size).toBe(2);
    // The evicted one still verifies (it is re-checked, not refused).
    expect(await cache.verify(tokens[0] ?? '')).toEqual(claims(1));
    expect(cache.size).toBe(2);
  });
});
