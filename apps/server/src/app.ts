import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { fastifyCookie } from '@fastify/cookie';
import { fastifyRateLimit } from '@fastify/rate-limit';
import { API_PREFIX } from '@beseda/protocol/constants';
import { fastify, type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.js';
import { RateLimitedError, ServiceUnavailableError } from './errors.js';
import { authRoutes } from './http/auth/index.js';
import { channelRoutes } from './http/channel/index.js';
import { chatRoutes } from './http/chat/index.js';
import { contactRoutes } from './http/contact/index.js';
import { addMissingSessionHint } from './http/cookies.js';
import { handleClientError, handleError } from './http/error-handler.js';
import { fileRoutes } from './http/files/index.js';
import { groupRoutes } from './http/group/index.js';
import { healthRoutes } from './http/health/index.js';
import { acceptOnlyJson } from './http/json-body.js';
import { originCheck } from './http/origin-check.js';
import { protocolVersionCheck } from './http/protocol-version.js';
import { requestIdGenerator } from './http/request-id.js';
import { applySecurityHeaders } from './http/security-headers.js';
import { userRoutes } from './http/user/index.js';
import { userStatusRoutes } from './http/user-status/index.js';
import { utilsRoutes } from './http/utils/index.js';
import { activityUserRoutes } from './http/activity-user/index.js';
import { settingsRoutes } from './http/settings/index.js';
import { notificationsRoutes } from './http/notifications/index.js';
import { livekitRoutes } from './http/livekit/index.js';
import { upgradeOriginCheck } from './http/upgrade-origin.js';
import { mediaUpgradeHandler, registerMediaValidate } from './media/mount.js';
import { registerWebApp } from './http/web-app.js';

/** Builds the HTTP server (not listening yet): hooks, plugins, API routes and the web app. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const { config } = ctx;
  const loggerInstance: FastifyBaseLogger = ctx.logger;
  const app = fastify({
    loggerInstance,
    // At a terminal a line per request buries the few lines that matter (and «Beseda is running at …»); failed
    // requests are still logged by the error handler. JSON logs, read by machines, keep them.
    logController: new LogController({ disableRequestLogging: config.logFormat === 'pretty' }),
    // Ids are always ours: an id taken from a client header could be used to forge or confuse log lines.
    genReqId: requestIdGenerator(),
    requestIdHeader: false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Errors Fastify answers by itself (a URL that does not decode, HTTP the parser refuses) get the same body shape
    // as every other error.
    frameworkErrors: handleError,
    clientErrorHandler: handleClientError,
    // Fastify's own 503 while closing has another body shape; the hook below answers those requests instead.
    return503OnClosing: false,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  acceptOnlyJson(app);
  app.decorateRequest('auth', null);

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    // A request that arrives on a kept-alive connection during shutdown: the load balancer should retry elsewhere.
    if (closing) throw new ServiceUnavailableError();
    reply.header('x-request-id', request.id);
    // API answers are per user and often carry tokens: no cache may keep them.
    if (request.url.startsWith(`${API_PREFIX}/`)) reply.header('cache-control', 'no-store');
  });
  app.addHook('onRequest', originCheck(config.publicUrl));
  app.addHook('onRequest', protocolVersionCheck(API_PREFIX));

  applySecurityHeaders(app, config.secureCookies);
  await app.register(fastifyCookie);
  app.addHook('onRequest', async (request, reply) => addMissingSessionHint(request, reply, config));
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => new RateLimitedError(Math.ceil(context.ttl / 1000)),
    // Several processes count per-IP limits (sign-in, invites, uploads) together; Redis not answering lets the
    // request through rather than failing it (see openLimitStore).
    ...(ctx.limitStore && {
      redis: ctx.limitStore.redis,
      nameSpace: `${ctx.limitStore.keyPrefix}:limit:http:`,
      skipOnError: true,
    }),
  });

  // Each folder's routes take their full paths from the endpoint descriptors, which are relative to API_PREFIX.
  for (const routes of [
    healthRoutes(),
    authRoutes(ctx),
    userRoutes(ctx),
    contactRoutes(ctx),
    chatRoutes(ctx),
    groupRoutes(ctx),
    channelRoutes(ctx),
    userStatusRoutes(ctx),
    fileRoutes(ctx),
    livekitRoutes(ctx),
    activityUserRoutes(ctx),
    settingsRoutes(ctx),
    notificationsRoutes(ctx),
    utilsRoutes(ctx),
  ]) {
    await app.register(routes, { prefix: API_PREFIX });
  }
  if (ctx.media?.embedded) registerMediaValidate(app, ctx.media.embedded);
  await registerWebApp(app, config.webDistDir);
  attachRealtime(app, ctx);
  return app;
}

/**
 * The gateway takes WebSocket upgrades on `/connection/websocket`, the embedded SFU those under `/media/rtc` (with the
 * gateway's Origin rule); any other upgrade is refused. Upgraded sockets keep the HTTP server from closing, so both
 * close theirs (the gateway with 3001: clients reconnect elsewhere and recover) before Fastify stops listening;
 * ctx.close() then finds them closed.
 */
function attachRealtime(app: FastifyInstance, ctx: AppContext): void {
  const { publicUrl, trustProxy } = ctx.config;
  const media = ctx.media?.embedded;
  const mediaUpgrade = media ? mediaUpgradeHandler(media, upgradeOriginCheck(publicUrl, trustProxy)) : () => false;
  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!ctx.gateway.handleUpgrade(req, socket, head) && !mediaUpgrade(req, socket, head)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    }
  });
  app.addHook('preClose', () => ctx.gateway.close());
  app.addHook('preClose', async () => ctx.media?.close());
}
