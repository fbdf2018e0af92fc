import { z } from 'zod';

export const onlineStatusSchema = z.object({
  status: z.enum(['online', 'offline']),
  /** ISO 8601; null when the user has never connected. */
  lastSeen: z.string().nullable(),
});
export type OnlineStatus = z.infer<typeof onlineStatusSchema>;

/** A user as others see them (spec §3 User, without e-mail). */
export const publicUserSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  online: onlineStatusSchema,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The signed-in user: the public fields plus their own e-mail. */
export const meSchema = publicUserSchema.extend({
  email: z.string(),
});
export type Me = z.infer<typeof meSchema>;

export const meResponseSchema = z.object({ user: meSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

/**
 * The `device` of a client whose user agent names no browser or system we know (a script, a bare HTTP client). A
 * code, not words: the server stays language-neutral and the web shows «Неизвестное устройство». Kept as it was
 * first stored, so the official chat's "new device" check still matches older sessions.
 */
export const UNKNOWN_DEVICE = 'Unknown device';

export const sessionSchema = z.object({
  id: z.string(),
  /** Human name of the device derived from the user agent, e.g. "Chrome, Linux"; or UNKNOWN_DEVICE. */
  device: z.string(),
  userAgent: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** True for the session that made this request. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionsResponseSchema = z.object({ sessions: z.array(sessionSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

export const sessionIdParamsSchema = z.object({ id: z.uuid().toLowerCase() });
