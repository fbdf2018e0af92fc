import type { FastifyInstance } from 'fastify';

/**
 * JSON is the only body type the API accepts. Removing the built-in text/plain parser makes a form-encoded or
 * text/plain POST (the "simple requests" a hostile page can send without a preflight) a 415 before any handler runs.
 * An empty body with a JSON content type is treated as no body, so `POST /api/auth/refresh` works whether or not a
 * client sets the header.
 */
export function acceptOnlyJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
