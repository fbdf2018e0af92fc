import type { BodyOutput, Endpoint, ParamsOutput, QueryOutput } from '@beseda/protocol/endpoint';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteGenericInterface,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';

type Present<T> = [T] extends [never] ? unknown : T;

/** The request parts as Fastify hands them to the handler: validated and transformed by the descriptor's schemas. */
export interface EndpointRouteGeneric<E extends Endpoint> extends RouteGenericInterface {
  Params: Present<ParamsOutput<E>>;
  Querystring: Present<QueryOutput<E>>;
  /** A binary body is whatever the route's own content-type parser made of it. */
  Body: E extends { body: 'binary' } ? unknown : Present<BodyOutput<E>>;
}

export type EndpointRequest<E extends Endpoint> = FastifyRequest<EndpointRouteGeneric<E>>;

/** A JSON endpoint's handler returns the 200 body (encoded through the response schema); a binary one, the reply. */
export type EndpointAnswer<E extends Endpoint> = E extends { response: infer S extends z.ZodType }
  ? z.output<S>
  : FastifyReply<EndpointRouteGeneric<E>>;

/** What a route file adds to its descriptor: hooks, per-route settings and the handler. */
export interface EndpointRouteOptions<E extends Endpoint> extends Pick<
  RouteShorthandOptions,
  'preHandler' | 'onRequest' | 'config' | 'bodyLimit'
> {
  handler: (request: EndpointRequest<E>, reply: FastifyReply<EndpointRouteGeneric<E>>) => Promise<EndpointAnswer<E>>;
}

/**
 * Registers the route of `endpoint` on `app` (a plugin registered under API_PREFIX): method, url and the schemas
 * Fastify validates with (params, querystring, body, the 200 response) all come from the descriptor, so a route
 * cannot drift from the contract that clients are typed by.
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, options: EndpointRouteOptions<E>): void {
  const { handler, ...settings } = options;
  const schema: FastifySchema = {
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && endpoint.body !== 'binary' && { body: endpoint.body }),
    ...(endpoint.response !== 'binary' && { response: { 200: endpoint.response } }),
  };
  for (const url of urlsOf(endpoint)) {
    app.route<EndpointRouteGeneric<E>>({ method: endpoint.method, url, schema, ...settings, handler });
  }
}

/** The descriptor's path, and its twin with the trailing slash toggled when the endpoint answers both. */
function urlsOf(endpoint: Endpoint): string[] {
  if (!endpoint.trailingSlashOptional) return [endpoint.path];
  const twin = endpoint.path.endsWith('/') ? endpoint.path.slice(0, -1) : `${endpoint.path}/`;
  return [endpoint.path, twin];
}
