import { z } from 'zod';
import { emailField, loginPasswordField, nicknameField, passwordField } from './validation.js';

export const registerBodySchema = z.object({
  email: emailField,
  nickname: nicknameField,
  password: passwordField,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailField,
  password: loginPasswordField,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

/** GET /api/auth/ws-token: a short-lived HS256 JWT (`sub` = user id) for the realtime gateway. */
export const wsTokenResponseSchema = z.object({
  token: z.string(),
  /** ISO 8601 expiry, so the client can refresh ahead of time. */
  expiresAt: z.string(),
});
export type WsTokenResponse = z.infer<typeof wsTokenResponseSchema>;

/** Cookie names shared by the server and the tests. */
export const ACCESS_COOKIE = 'beseda_at';
export const REFRESH_COOKIE = 'beseda_rt';
