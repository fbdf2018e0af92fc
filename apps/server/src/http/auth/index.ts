import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { loginRoute } from './login.js';
import { logoutRoute } from './logout.js';
import { refreshRoute } from './refresh.js';
import { registerRoute } from './register.js';
import { wsTokenRoute } from './ws-token.js';

/** /api/auth/* */
export function authRoutes(ctx: AppContext): FastifyPluginAsync {
  return async function registerAuthRoutes(app) {
    registerRoute(app, ctx);
    loginRoute(app, ctx);
    refreshRoute(app, ctx);
    logoutRoute(app, ctx);
    wsTokenRoute(app, ctx);
  };
}
