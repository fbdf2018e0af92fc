import { sendContactRequest } from '@beseda/protocol/endpoints/contact';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/**
 * POST /api/contact/send {nickname} — sends a friend request, or accepts theirs if they asked first. 400
 * CONTACT_SELF, 404 USER_NOT_FOUND, 409 CONTACT_EXISTS (already pending from the caller, or already friends).
 */
export function sendRequestRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, sendContactRequest, {
    preHandler: authenticate(ctx),
    handler: async (request) => ({
      contact: await ctx.contacts.send(requireAuth(request).userId, request.body.nickname),
    }),
  });
}
