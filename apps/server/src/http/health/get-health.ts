import { okResponseSchema } from '@beseda/protocol/auth';
import type { ZodApp } from '../types.js';

/** GET /api/health — answers once the server accepts requests (migrations have run by then). */
export function getHealthRoute(app: ZodApp): void {
  app.get('/health', { schema: { response: { 200: okResponseSchema } } }, async () => ({ ok: true as const }));
}
