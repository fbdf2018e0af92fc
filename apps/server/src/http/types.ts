import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** A Fastify instance whose routes are typed from their zod schemas. */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
