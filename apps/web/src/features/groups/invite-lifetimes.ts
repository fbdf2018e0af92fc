import { INVITE_DEFAULT_TTL_HOURS } from '@beseda/protocol/groups';

/** The lifetimes the invite modal offers, as Discord's «Expire after» does (its 30 minutes is below the API's hour). */
export const INVITE_LIFETIMES = [
  { key: 'hour1', hours: 1 },
  { key: 'hours6', hours: 6 },
  { key: 'hours12', hours: 12 },
  { key: 'day1', hours: 24 },
  { key: 'days7', hours: INVITE_DEFAULT_TTL_HOURS },
  { key: 'never', hours: null },
] as const;

export type InviteLifetimeKey = (typeof INVITE_LIFETIMES)[number]['key'];

/** What the choice starts at: the server's default, the lifetime of the link the modal opens with. */
export const DEFAULT_INVITE_LIFETIME: InviteLifetimeKey = 'days7';

export function isInviteLifetimeKey(value: string): value is InviteLifetimeKey {
  return INVITE_LIFETIMES.some((lifetime) => lifetime.key === value);
}

/**
 * The `expiresInHours` of a link asked for by name: hours, or null for one that never expires. Always explicit, so the
 * server mints a new code («Создать новую ссылку»), unlike the modal's first request, which names no lifetime and gets
 * the live default link back.
 */
export function lifetimeHours(key: InviteLifetimeKey): number | null {
  const lifetime = INVITE_LIFETIMES.find((entry) => entry.key === key);
  return lifetime ? lifetime.hours : INVITE_DEFAULT_TTL_HOURS;
}
