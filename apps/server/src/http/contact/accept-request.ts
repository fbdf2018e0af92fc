import { contactNicknameBodySchema, sendContactResponseSchema } from '@beseda/protocol/contacts';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** PATCH /api/contact/accept {nickname} — accepts an incoming request; 404 CONTACT_NOT_FOUND when there is none. */
export function acceptRequestRoute(app: ZodApp, ctx: AppContext): void {
  app.patch(
    '/accept',
    {
      schema: { body: contactNicknameBodySchema, response: { 200: sendContactResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => ({ contact: await ctx.contacts.accept(requireAuth(request).userId, request.body.nickname) }),
  );
}
