import { describe, expect, it } from 'vitest';
import { INVITE_DEFAULT_TTL_HOURS } from '@beseda/protocol/groups';
import { DEFAULT_INVITE_LIFETIME, INVITE_LIFETIMES, isInviteLifetimeKey, lifetimeHours } from './invite-lifetimes';

describe('invite lifetimes', () => {
  it('names hours for every lifetime, the server default among them, and null for a permanent link', () => {
    expect(lifetimeHours(DEFAULT_INVITE_LIFETIME)).toBe(INVITE_DEFAULT_TTL_HOURS);
    expect(lifetimeHours('hour1')).toBe(1);
    expect(lifetimeHours('day1')).toBe(24);
    expect(lifetimeHours('never')).toBeNull();
  });

  it('offers the default among the choices and recognises only its own keys', () => {
    expect(INVITE_LIFETIMES.map((lifetime) => lifetime.key)).toContain(DEFAULT_INVITE_LIFETIME);
    expect(isInviteLifetimeKey('never')).toBe(true);
    expect(isInviteLifetimeKey('forever')).toBe(false);
  });
});
