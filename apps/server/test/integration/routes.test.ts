import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PREFIX } from '@beseda/protocol/constants';
import type { Endpoint } from '@beseda/protocol/endpoint';
import { allEndpoints } from '@beseda/protocol/endpoints/all';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.js';

/** `METHOD /api/path` for each method of a registered route (Fastify lists HEAD routes of its own for every GET). */
function routeKeys(route: RouteOptions): string[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.filter((method) => method !== 'HEAD').map((method) => `${method} ${route.url}`);
}

/** The routes a descriptor promises: its path under API_PREFIX, and the slash twin when it answers both. */
function descriptorKeys(endpoint: Endpoint): string[] {
  const url = `${API_PREFIX}${endpoint.path}`;
  const urls = endpoint.trailingSlashOptional ? [url, url.endsWith('/') ? url.slice(0, -1) : `${url}/`] : [url];
  return urls.map((each) => `${endpoint.method} ${each}`);
}

/** A web build, so that the static-file routes exist too and the test shows they are set aside on purpose. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'beseda-web-dist-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Беседа</title>');
  return dir;
}

// Routes are a property of the code, not of the database: one driver is enough.
describe('registered routes and endpoint descriptors', () => {
  const registered: RouteOptions[] = [];
  let server: TestServer;

  beforeAll(async () => {
    // Fastify announces every new instance on this channel before any plugin runs, so the hook sees every route
    // of the real app as buildApp registers it (Fastify offers no list of routes afterwards, only a printed tree).
    const onInstance = (message: unknown) => {
      const { fastify } = message as { fastify: FastifyInstance };
      fastify.addHook('onRoute', (route) => void registered.push(route));
    };
    subscribe('fastify.initialization', onInstance);
    try {
      server = await startServer('pglite', { webDistDir: fakeWebBuild() });
    } finally {
      unsubscribe('fastify.initialization', onInstance);
    }
  });
  afterAll(() => server.close());

  it('every route under the API prefix has a descriptor, and every descriptor a route', () => {
    // The web app's routes (static files, the SPA fallback's index.html) serve the client's build, not the API:
    // they are not calls a client makes with a descriptor, and they live outside API_PREFIX by design.
    const apiRoutes = new Set(
      registered.flatMap(routeKeys).filter((key) => key.split(' ')[1]?.startsWith(`${API_PREFIX}/`)),
    );
    const described = new Set(allEndpoints.flatMap(descriptorKeys));

    const withoutDescriptor = [...apiRoutes].filter((key) => !described.has(key)).sort();
    const withoutRoute = [...described].filter((key) => !apiRoutes.has(key)).sort();
    expect({ withoutDescriptor, withoutRoute }).toEqual({ withoutDescriptor: [], withoutRoute: [] });
    // The web app's routes are there, just not part of the contract.
    expect(registered.flatMap(routeKeys).some((key) => !key.includes(`${API_PREFIX}/`))).toBe(true);
  });

  it('validates each route with its descriptor’s schemas', () => {
    for (const endpoint of allEndpoints) {
      const [key] = descriptorKeys(endpoint);
      const route = registered.find((each) => routeKeys(each).includes(key ?? ''));
      expect(route?.schema?.params, key).toBe(endpoint.params);
      expect(route?.schema?.querystring, key).toBe(endpoint.query);
      expect(route?.schema?.body, key).toBe(endpoint.body === 'binary' ? undefined : endpoint.body);
      const response = route?.schema?.response as Record<number, unknown> | undefined;
      expect(response?.[200], key).toBe(endpoint.response === 'binary' ? undefined : endpoint.response);
    }
  });
});
