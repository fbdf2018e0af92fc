import { deleteMessage } from '@beseda/protocol/endpoints/chat';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** DELETE /api/chat/message?messageId&chatId — the author's soft delete. 403 NOT_AUTHOR, 404 NOT_FOUND. */
export function deleteMessageRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, deleteMessage, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      const { chatId, messageId } = request.query;
      await ctx.messages.delete(requireAuth(request).userId, chatId, messageId);
      return { ok: true as const };
    },
  });
}
