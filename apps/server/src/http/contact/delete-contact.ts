import { deleteContact } from '@beseda/protocol/endpoints/contact';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** POST /api/contact/delete {nickname} — removes a friend; 404 CONTACT_NOT_FOUND when the two are not friends. */
export function deleteContactRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, deleteContact, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      await ctx.contacts.remove(requireAuth(request).userId, request.body.nickname);
      return { ok: true as const };
    },
  });
}
