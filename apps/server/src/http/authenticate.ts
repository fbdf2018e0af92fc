import { ACCESS_COOKIE } from '@beseda/protocol/auth';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context.js';
import { UnauthenticatedError } from '../errors.js';
import type { AuthInfo, ClientInfo } from '../features/sessions/service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` preHandler; null on routes that do not require a session. */
    auth: AuthInfo | null;
  }
}

/** preHandler for routes that need a signed-in user: verifies the access cookie and that its session is open. */
export function authenticate(ctx: AppContext): preHandlerAsyncHookHandler {
  return async function authenticateRequest(request) {
    request.auth = await ctx.sessions.authenticate(request.cookies[ACCESS_COOKIE]);
  };
}

/** The caller of a route guarded by `authenticate`. */
export function requireAuth(request: FastifyRequest): AuthInfo {
  if (!request.auth) throw new UnauthenticatedError();
  return request.auth;
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  return { userAgent: request.headers['user-agent'] ?? '', ip: request.ip };
}
