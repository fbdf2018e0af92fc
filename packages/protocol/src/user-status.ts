import { z } from 'zod';
import { VALIDATION, withoutControlCharacters } from './validation.js';

/**
 * `POST /api/user-status/disconect` (spelt as in the spec), sent with `navigator.sendBeacon` on page unload. The
 * body is optional: a JSON Blob `{ clientId }` with the `client` id from the centrifuge connect result closes that
 * connection only; without it (or with no body at all) every connection of the calling session opened before the
 * request is closed. The answer is `{ ok: true }`; sendBeacon ignores it anyway.
 */
export const userStatusDisconnectBodySchema = z
  .object({
    clientId: z
      .string()
      .min(1)
      .max(128)
      .refine(withoutControlCharacters, { error: VALIDATION.invalidCharacters })
      .optional(),
  })
  // Fastify validates a missing body as null.
  .nullish();
export type UserStatusDisconnectBody = z.infer<typeof userStatusDisconnectBodySchema>;
