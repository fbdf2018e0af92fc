import { okResponseSchema } from '../auth.js';
import { defineEndpoint } from '../endpoint.js';

/** Liveness: answers once the server accepts requests (migrations have run by then). */
export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/health',
  response: okResponseSchema,
  errors: [],
});
