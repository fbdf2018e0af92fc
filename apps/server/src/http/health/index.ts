import type { FastifyPluginAsync } from 'fastify';
import { getHealthRoute } from './get-health.js';

/** /api/health */
export function healthRoutes(): FastifyPluginAsync {
  return async function registerHealthRoutes(app) {
    getHealthRoute(app);
  };
}
