import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { getTokenRoute } from './get-token.js';
import { heartbeatRoute } from './heartbeat.js';
import { joinChannelRoute } from './join-channel.js';
import { leaveChannelRoute } from './leave-channel.js';

/** /api/livekit/* (spec §7 "Live calls"): voice channel rooms and their tokens. */
export function livekitRoutes(ctx: AppContext): FastifyPluginAsync {
  return async function registerLivekitRoutes(app) {
    joinChannelRoute(app, ctx);
    leaveChannelRoute(app, ctx);
    heartbeatRoute(app, ctx);
    getTokenRoute(app, ctx);
  };
}
