import { listContacts } from '@beseda/protocol/endpoints/contact';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** GET /api/contact — the caller's friends and pending requests, each with its direction and live online status. */
export function listContactsRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, listContacts, {
    preHandler: authenticate(ctx),
    handler: async (request) => ({ contacts: await ctx.contacts.list(requireAuth(request).userId) }),
  });
}
