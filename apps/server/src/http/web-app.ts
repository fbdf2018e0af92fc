import { existsSync } from 'node:fs';
import path from 'node:path';
import { fastifyStatic } from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NotFoundError } from '../errors.js';

/** Paths the SPA fallback must never answer: the API and the realtime/media endpoints return their own 404s. */
const NON_SPA_PREFIXES = ['/api/', '/connection/', '/media/'];

const NO_BUILD_HINT =
  'Beseda server is running, but the web app is not built yet.\n' +
  'Run `npm start` from the repository root (it builds the web app first), or `npm run build`.\n';

/**
 * Serves apps/web's build on the same origin as the API. Hashed files under /assets/ never change, so they are cached
 * for a year; everything else (index.html above all) is revalidated on each load so a deploy is picked up at once.
 * The build writes .br/.gz files beside the assets and `preCompressed` serves them without compressing per request.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const immutable = path.relative(webDistDir, filePath).startsWith(`assets${path.sep}`);
        void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.get('/', async (_request, reply) => reply.type('text/plain; charset=utf-8').send(NO_BUILD_HINT));
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (hasBuild && isSpaNavigation(request)) return reply.sendFile('index.html');
    throw new NotFoundError(`No route for ${request.method} ${request.url.split('?')[0] ?? ''}`);
  });
}

/** A browser navigation to a client-side route such as /channels/@me. */
function isSpaNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '';
  if (pathname === '/api' || NON_SPA_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  return request.headers.accept?.includes('text/html') ?? false;
}
