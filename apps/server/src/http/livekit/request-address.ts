import type { FastifyRequest } from 'fastify';
import type { RequestAddress } from '../../media/url.js';

/** How the client reached us (Fastify applies TRUST_PROXY to both), for the media URL handed back. */
export function requestAddress(request: FastifyRequest): RequestAddress {
  return { protocol: request.protocol, host: request.host };
}
