import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * A CSP the Vite build passes as is: scripts only from our origin, inline styles allowed (React style attributes),
 * images from ourselves (avatars are served under /api/files) and data/blob URLs (pictures picked before upload).
 * `connect-src 'self'` covers the API and the realtime gateway's ws(s):// URL on the same host (CSP Level 3 lets
 * 'self' match the WebSocket schemes; the e2e suite runs on it). Not every ws:/wss: host: an injected script must not
 * be able to send what it reads anywhere. A realtime or media server on another origin, once one can be configured,
 * is added here by its exact origin.
 * `upgrade-insecure-requests` and HSTS are only sent behind https: on http://127.0.0.1 they would break the app.
 */
export function securityHeaders(secure: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: secure ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // COEP would block cross-origin images, which link previews will need (img-src gets their proxy then).
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Helmet's headers on every response. The middleware is built once: @fastify/helmet rebuilt it (and re-parsed the
 * CSP) on every request, about 3% of a message send's CPU. No route needs its own headers or CSP nonces.
 */
export function applySecurityHeaders(app: FastifyInstance, secure: boolean): void {
  const setHeaders = helmet(securityHeaders(secure));
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
}
