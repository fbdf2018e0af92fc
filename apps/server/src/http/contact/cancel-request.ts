import { cancelContactRequest } from '@beseda/protocol/endpoints/contact';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** PATCH /api/contact/cancel {nickname} — withdraws the caller's outgoing request; 404 CONTACT_NOT_FOUND if none. */
export function cancelRequestRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, cancelContactRequest, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      await ctx.contacts.cancel(requireAuth(request).userId, request.body.nickname);
      return { ok: true as const };
    },
  });
}
