import { contactsResponseSchema } from '@beseda/protocol/contacts';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** GET /api/contact — the caller's friends and pending requests, each with its direction and live online status. */
export function listContactsRoute(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/',
    { schema: { response: { 200: contactsResponseSchema } }, preHandler: authenticate(ctx) },
    async (request) => ({ contacts: await ctx.contacts.list(requireAuth(request).userId) }),
  );
}
