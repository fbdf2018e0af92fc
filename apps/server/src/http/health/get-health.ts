import { getHealth } from '@beseda/protocol/endpoints/health';
import type { FastifyInstance } from 'fastify';
import { route } from '../route.js';

/** GET /api/health — answers once the server accepts requests (migrations have run by then). */
export function getHealthRoute(app: FastifyInstance): void {
  route(app, getHealth, { handler: async () => ({ ok: true as const }) });
}
