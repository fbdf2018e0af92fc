import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { createChannelRoute } from './create-channel.js';
import { getChannelRoute } from './get-channel.js';
import { listChannelsRoute } from './list-channels.js';
import { renameChannelRoute } from './rename-channel.js';

/** /api/channel/* (spec §7 "Channels and groups", plus PATCH /?channelId). */
export function channelRoutes(ctx: AppContext): FastifyPluginAsync {
  return async function registerChannelRoutes(app) {
    listChannelsRoute(app, ctx);
    getChannelRoute(app, ctx);
    createChannelRoute(app, ctx);
    renameChannelRoute(app, ctx);
  };
}
