import { editMessage } from '@beseda/protocol/endpoints/chat';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/**
 * PUT /api/chat/message?messageId&chatId {content, entities} — the author's edit (sets `editedAt`). 403 NOT_AUTHOR,
 * 403 CHAT_READ_ONLY, 404 NOT_FOUND, 400 as for send.
 */
export function editMessageRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, editMessage, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      const { chatId, messageId } = request.query;
      const { message } = await ctx.messages.edit(requireAuth(request).userId, chatId, messageId, request.body);
      return { message };
    },
  });
}
