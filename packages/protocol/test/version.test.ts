import { describe, expect, it } from 'vitest';
import { isOutdatedClient, MIN_CLIENT_PROTOCOL_VERSION, PROTOCOL_VERSION } from '../src/version.js';

describe('isOutdatedClient', () => {
  it('speaks this build and anything from the minimum up; a missing version is a tool, not an old client', () => {
    expect(MIN_CLIENT_PROTOCOL_VERSION).toBeLessThanOrEqual(PROTOCOL_VERSION);
    expect(isOutdatedClient(String(PROTOCOL_VERSION))).toBe(false);
    expect(isOutdatedClient(undefined)).toBe(false);
    expect(isOutdatedClient('')).toBe(false);
  });

  it('refuses an older or unreadable version', () => {
    expect(isOutdatedClient('1', 2)).toBe(true);
    expect(isOutdatedClient('0')).toBe(true);
    expect(isOutdatedClient('1.5')).toBe(true);
    expect(isOutdatedClient('abc')).toBe(true);
  });
});
