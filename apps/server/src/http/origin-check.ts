import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { OriginRejectedError } from '../errors.js';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence in depth next to SameSite=Lax cookies. An unsafe request that carries `Origin` must come from
 * PUBLIC_URL or from the very host it was sent to; one without `Origin` (curl, server-to-server) is allowed unless
 * the browser says it is cross-site. Runs on onRequest, before the body is read, so a refused request writes nothing.
 */
export function originCheck(publicUrl: string): onRequestAsyncHookHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return async function checkOrigin(request) {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (!isAllowedOrigin(request, publicOrigin)) throw new OriginRejectedError();
  };
}

export function isAllowedOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers['sec-fetch-site'] !== 'cross-site';
  return origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
}
