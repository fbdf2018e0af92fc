import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * A CSP the Vite build passes as is: scripts only from our origin, inline styles allowed (React style attributes),
 * images from https and data/blob URLs (avatars, link previews), WebSocket connections to ourselves.
 * `upgrade-insecure-requests` and HSTS are only sent behind https: on http://127.0.0.1 they would break the app.
 */
export function securityHeaders(secure: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: secure ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // COEP would block the cross-origin https images that img-src allows (avatars, link previews).
    crossOriginEmbedderPolicy: false,
  };
}
