import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { acceptInviteRoute } from './accept-invite.js';
import { createGroupRoute } from './create-group.js';
import { createInviteRoute } from './create-invite.js';
import { getGroupRoute } from './get-group.js';
import { getInviteRoute } from './get-invite.js';
import { getVoiceStatusRoute } from './get-voice-status.js';
import { listGroupsRoute } from './list-groups.js';
import { listParticipantsRoute } from './list-participants.js';
import { renameGroupRoute } from './rename-group.js';
import { revokeInviteRoute } from './revoke-invite.js';

/** /api/group/* (spec §7 "Channels and groups", plus PATCH /:id and DELETE /invite/:code). */
export function groupRoutes(ctx: AppContext): FastifyPluginAsync {
  return async function registerGroupRoutes(app) {
    listGroupsRoute(app, ctx);
    createGroupRoute(app, ctx);
    createInviteRoute(app, ctx);
    getInviteRoute(app, ctx);
    revokeInviteRoute(app, ctx);
    acceptInviteRoute(app, ctx);
    getGroupRoute(app, ctx);
    renameGroupRoute(app, ctx);
    listParticipantsRoute(app, ctx);
    getVoiceStatusRoute(app, ctx);
  };
}
