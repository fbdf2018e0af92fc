import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { acceptRequestRoute } from './accept-request.js';
import { cancelRequestRoute } from './cancel-request.js';
import { deleteContactRoute } from './delete-contact.js';
import { listContactsRoute } from './list-contacts.js';
import { rejectRequestRoute } from './reject-request.js';
import { sendRequestRoute } from './send-request.js';

/** /api/contact/* (spec §7 "Contacts"). */
export function contactRoutes(ctx: AppContext): FastifyPluginAsync {
  return async function registerContactRoutes(app) {
    listContactsRoute(app, ctx);
    sendRequestRoute(app, ctx);
    acceptRequestRoute(app, ctx);
    rejectRequestRoute(app, ctx);
    cancelRequestRoute(app, ctx);
    deleteContactRoute(app, ctx);
  };
}
