import { contactNicknameBodySchema, sendContactResponseSchema } from '@beseda/protocol/contacts';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/**
 * POST /api/contact/send {nickname} — sends a friend request, or accepts theirs if they asked first. 400
 * CONTACT_SELF, 404 USER_NOT_FOUND, 409 CONTACT_EXISTS (already pending from the caller, or already friends).
 */
export function sendRequestRoute(app: ZodApp, ctx: AppContext): void {
  app.post(
    '/send',
    {
      schema: { body: contactNicknameBodySchema, response: { 200: sendContactResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => ({ contact: await ctx.contacts.send(requireAuth(request).userId, request.body.nickname) }),
  );
}
