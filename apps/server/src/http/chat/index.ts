import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { deleteMessageRoute } from './delete-message.js';
import { editMessageRoute } from './edit-message.js';
import { getChatRoute } from './get-chat.js';
import { getMessageRoute } from './get-message.js';
import { getSystemChatRoute } from './get-system-chat.js';
import { listChatsRoute } from './list-chats.js';
import { listMessagesRoute } from './list-messages.js';
import { markReadRoute } from './mark-read.js';
import { openChatWithRoute } from './open-chat-with.js';
import { sendMessageRoute } from './send-message.js';
import { sendTypingRoute } from './send-typing.js';

/** /api/chat/* (spec §7 "Chats", plus `POST /read`). */
export function chatRoutes(ctx: AppContext): FastifyPluginAsync {
  return async function registerChatRoutes(app) {
    listChatsRoute(app, ctx);
    getSystemChatRoute(app, ctx);
    openChatWithRoute(app, ctx);
    getChatRoute(app, ctx);
    listMessagesRoute(app, ctx);
    getMessageRoute(app, ctx);
    sendMessageRoute(app, ctx);
    editMessageRoute(app, ctx);
    deleteMessageRoute(app, ctx);
    sendTypingRoute(app, ctx);
    markReadRoute(app, ctx);
  };
}
