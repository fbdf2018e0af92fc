import { okResponseSchema } from '@beseda/protocol/auth';
import { contactNicknameBodySchema } from '@beseda/protocol/contacts';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** PATCH /api/contact/cancel {nickname} — withdraws the caller's outgoing request; 404 CONTACT_NOT_FOUND if none. */
export function cancelRequestRoute(app: ZodApp, ctx: AppContext): void {
  app.patch(
    '/cancel',
    {
      schema: { body: contactNicknameBodySchema, response: { 200: okResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => {
      await ctx.contacts.cancel(requireAuth(request).userId, request.body.nickname);
      return { ok: true as const };
    },
  );
}
