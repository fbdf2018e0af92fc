import { okResponseSchema } from '@beseda/protocol/auth';
import { contactNicknameBodySchema } from '@beseda/protocol/contacts';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** POST /api/contact/delete {nickname} — removes a friend; 404 CONTACT_NOT_FOUND when the two are not friends. */
export function deleteContactRoute(app: ZodApp, ctx: AppContext): void {
  app.post(
    '/delete',
    {
      schema: { body: contactNicknameBodySchema, response: { 200: okResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => {
      await ctx.contacts.remove(requireAuth(request).userId, request.body.nickname);
      return { ok: true as const };
    },
  );
}
