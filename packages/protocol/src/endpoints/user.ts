import { okResponseSchema } from '../auth.js';
import { defineEndpoint } from '../endpoint.js';
import { meResponseSchema, sessionIdParamsSchema, sessionsResponseSchema } from '../user.js';

/** The signed-in user; `online` is live presence. */
export const getMe = defineEndpoint({
  method: 'GET',
  path: '/user/me',
  response: meResponseSchema,
  errors: ['UNAUTHENTICATED'],
});

/** Active sessions, most recently used first; the caller's own has `current: true`. */
export const listSessions = defineEndpoint({
  method: 'GET',
  path: '/user/sessions',
  response: sessionsResponseSchema,
  errors: ['UNAUTHENTICATED'],
});

/** Terminates another session of the caller's: 403 CURRENT_SESSION for their own (sign out instead). */
export const deleteSession = defineEndpoint({
  method: 'DELETE',
  path: '/user/sessions/:id',
  params: sessionIdParamsSchema,
  response: okResponseSchema,
  errors: ['UNAUTHENTICATED', 'CURRENT_SESSION', 'NOT_FOUND'],
});
