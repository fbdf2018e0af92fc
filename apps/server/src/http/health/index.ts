import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getHealthRoute } from './get-health.js';

/** /api/health */
export function healthRoutes(): FastifyPluginAsyncZod {
  return async function registerHealthRoutes(app) {
    getHealthRoute(app);
  };
}
