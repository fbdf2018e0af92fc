import { createUserRateLimiter, type SharedLimitStore, type UserRateLimiter } from './user-rate-limiter.js';

/** The window of the creation limits: CREATE_RATE_LIMIT_MAX counts per this window, per user and per kind. */
export const CREATION_LIMIT_WINDOW_MS = 10 * 60_000;

/**
 * Groups are the heaviest thing a user creates (roles, channels, a system chat and its message in one go) and the
 * rarest: a third of the allowance.
 */
export const GROUP_CREATION_SHARE = 1 / 3;

/** What a user may create, each counted on its own: a burst of invites does not stop a friend request. */
export interface CreationLimiters {
  invites: UserRateLimiter;
  groups: UserRateLimiter;
  channels: UserRateLimiter;
  contactRequests: UserRateLimiter;
  /** Voice channel joins: each one announces to the group and every friend, so a join loop is a flood too. */
  voiceJoins: UserRateLimiter;
  /** Direct call starts: each one rings every device of a friend. */
  directCalls: UserRateLimiter;
}

/**
 * Guards against floods (a script once minted 600 invites in 2.5 s), not against people: with the default 30 per
 * 10 minutes (groups 10) someone setting up a server, inviting friends or adding every acquaintance never meets it.
 * Counted in Redis when several processes run (a per-process count would multiply the allowance), in memory when
 * one does; over it: 429 with Retry-After, and nothing is written.
 */
export function createCreationLimiters(max: number, shared: SharedLimitStore | null): CreationLimiters {
  const limit = (name: string, kindMax: number) =>
    createUserRateLimiter({ name, max: kindMax, windowMs: CREATION_LIMIT_WINDOW_MS }, shared);
  return {
    invites: limit('invite-creates', max),
    groups: limit('group-creates', Math.max(1, Math.floor(max * GROUP_CREATION_SHARE))),
    channels: limit('channel-creates', max),
    contactRequests: limit('contact-requests', max),
    voiceJoins: limit('voice-joins', max),
    directCalls: limit('direct-calls', max),
  };
}
