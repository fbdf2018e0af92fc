import { acceptContactRequest } from '@beseda/protocol/endpoints/contact';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** PATCH /api/contact/accept {nickname} — accepts an incoming request; 404 CONTACT_NOT_FOUND when there is none. */
export function acceptRequestRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, acceptContactRequest, {
    preHandler: authenticate(ctx),
    handler: async (request) => ({
      contact: await ctx.contacts.accept(requireAuth(request).userId, request.body.nickname),
    }),
  });
}
