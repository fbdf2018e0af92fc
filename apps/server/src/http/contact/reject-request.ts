import { okResponseSchema } from '@beseda/protocol/auth';
import { contactNicknameBodySchema } from '@beseda/protocol/contacts';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/**
 * PATCH /api/contact/reject {nickname} — rejects an incoming request (it is deleted, so they may ask again); 404
 * CONTACT_NOT_FOUND when there is none.
 */
export function rejectRequestRoute(app: ZodApp, ctx: AppContext): void {
  app.patch(
    '/reject',
    {
      schema: { body: contactNicknameBodySchema, response: { 200: okResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => {
      await ctx.contacts.reject(requireAuth(request).userId, request.body.nickname);
      return { ok: true as const };
    },
  );
}
