import { describe, expect, it } from 'vitest';
import {
  createRefreshToken,
  deriveTokenKeys,
  hashRefreshSecret,
  parseRefreshToken,
  rotatedRefreshToken,
  signToken,
  verifyToken,
} from '../../src/features/sessions/tokens.js';

const sessionId = '01936f0e-8b4c-7c1e-9a2b-3c4d5e6f7a8b';

describe('refresh tokens', () => {
  it('round-trip: the parsed hash equals the stored hash', () => {
    const { token, hash } = createRefreshToken(sessionId);
    expect(token.startsWith(`${sessionId}.`)).toBe(true);
    expect(parseRefreshToken(token)).toEqual({ sessionId, secret: token.split('.')[1], secretHash: hash });
  });

  it('stores only a hash of the secret part', () => {
    const { token, hash } = createRefreshToken(sessionId);
    const secret = token.split('.')[1] ?? '';
    expect(hash).toBe(hashRefreshSecret(secret));
    expect(hash).not.toContain(secret);
  });

  it('a rotated token is derived from its predecessor: the same successor every time, a new one per predecessor', () => {
    const { refresh } = deriveTokenKeys('r'.repeat(40));
    const first = parseRefreshToken(createRefreshToken(sessionId).token);
    if (!first) throw new Error('unparsable token');
    const next = rotatedRefreshToken(refresh, sessionId, first.secret);
    expect(rotatedRefreshToken(refresh, sessionId, first.secret)).toEqual(next);
    expect(parseRefreshToken(next.token)).toMatchObject({ sessionId, secretHash: next.hash });
    expect(next.hash).not.toBe(first.secretHash);
    expect(rotatedRefreshToken(deriveTokenKeys('o'.repeat(40)).refresh, sessionId, first.secret)).not.toEqual(next);
  });

  it('rejects malformed tokens', () => {
    for (const bad of ['', 'abc', `${sessionId}`, `${sessionId}.`, `${sessionId}.short`, `x.${'a'.repeat(43)}`]) {
      expect(parseRefreshToken(bad)).toBeNull();
    }
  });
});

describe('signed tokens', () => {
  const keys = deriveTokenKeys('s'.repeat(40));
  const claims = { userId: '01936f0e-0000-7000-8000-000000000001', sessionId };

  it('access and ws keys differ, so one kind of token cannot pass as the other', async () => {
    const { token } = await signToken(keys.ws, claims, 60);
    expect(await verifyToken(keys.ws, token)).toEqual(claims);
    expect(await verifyToken(keys.access, token)).toBeNull();
  });

  it('expired tokens do not verify', async () => {
    const { token } = await signToken(keys.access, claims, 60, new Date(Date.now() - 120_000));
    expect(await verifyToken(keys.access, token)).toBeNull();
  });

  it('another secret derives other keys', async () => {
    const other = deriveTokenKeys('t'.repeat(40));
    const { token } = await signToken(keys.access, claims, 60);
    expect(await verifyToken(other.access, token)).toBeNull();
  });
});
