import { okResponseSchema } from '../auth.js';
import { defineEndpoint } from '../endpoint.js';
import { userStatusDisconnectBodySchema } from '../user-status.js';

/** `navigator.sendBeacon` on page unload (spelt as in the spec): closes the caller's realtime connection. */
export const disconnect = defineEndpoint({
  method: 'POST',
  path: '/user-status/disconect',
  body: userStatusDisconnectBodySchema,
  response: okResponseSchema,
  errors: ['UNAUTHENTICATED'],
});
