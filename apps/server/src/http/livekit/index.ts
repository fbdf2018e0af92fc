import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { declineDirectCallRoute } from './decline-direct-call.js';
import { getCallHistoryRoute } from './get-call-history.js';
import { getCurrentDirectCallRoute } from './get-current-direct-call.js';
import { getOtherUserRoute } from './get-other-user.js';
import { getTokenRoute } from './get-token.js';
import { hangUpDirectCallRoute } from './hang-up-direct-call.js';
import { heartbeatRoute } from './heartbeat.js';
import { joinChannelRoute } from './join-channel.js';
import { leaveChannelRoute } from './leave-channel.js';
import { markCallHistorySeenRoute } from './mark-call-history-seen.js';
import { signalToConnectRoute } from './signal-to-connect.js';
import { startDirectCallRoute } from './start-direct-call.js';

/** /api/livekit/* (spec §7 "Live calls"): voice channel rooms, direct calls, and their tokens. */
export function livekitRoutes(ctx: AppContext): FastifyPluginAsync {
  return async function registerLivekitRoutes(app) {
    joinChannelRoute(app, ctx);
    leaveChannelRoute(app, ctx);
    heartbeatRoute(app, ctx);
    getTokenRoute(app, ctx);
    startDirectCallRoute(app, ctx);
    signalToConnectRoute(app, ctx);
    declineDirectCallRoute(app, ctx);
    hangUpDirectCallRoute(app, ctx);
    getCurrentDirectCallRoute(app, ctx);
    getOtherUserRoute(app, ctx);
    getCallHistoryRoute(app, ctx);
    markCallHistorySeenRoute(app, ctx);
  };
}
