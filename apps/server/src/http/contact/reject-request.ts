import { rejectContactRequest } from '@beseda/protocol/endpoints/contact';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/**
 * PATCH /api/contact/reject {nickname} — rejects an incoming request (it is deleted, so they may ask again); 404
 * CONTACT_NOT_FOUND when there is none.
 */
export function rejectRequestRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, rejectContactRequest, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      await ctx.contacts.reject(requireAuth(request).userId, request.body.nickname);
      return { ok: true as const };
    },
  });
}
