import { connect } from 'node:net';
import * as authApi from '@beseda/protocol/endpoints/auth';
import { apiErrorBodySchema } from '@beseda/protocol/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCredentials, startServer, type TestServer } from './harness.js';

interface RawResponse {
  status: number;
  contentType: string | undefined;
  body: unknown;
}

/** Writes `chunks` on one TCP connection (pausing `gapMs` between them) and parses the first response. */
async function rawHttp(url: string, chunks: string[], gapMs = 0, between?: () => void): Promise<RawResponse> {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  for (const [index, chunk] of chunks.entries()) {
    if (index > 0) {
      between?.();
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
    socket.write(chunk);
  }
  await ended;
  const text = Buffer.concat(received).toString('utf8');
  const [head = '', body = ''] = text.split('\r\n\r\n', 2);
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const contentType = headerLines
    .find((line) => line.toLowerCase().startsWith('content-type:'))
    ?.slice('content-type:'.length)
    .trim();
  return { status: Number(statusLine.split(' ')[1]), contentType, body: JSON.parse(body) as unknown };
}

function expectDocumentedShape(body: unknown, code: string): void {
  const parsed = apiErrorBodySchema.safeParse(body);
  expect(parsed.success, JSON.stringify(body)).toBe(true);
  expect(parsed.data?.error.code).toBe(code);
  expect(Object.keys(body as object)).toEqual(['error']);
}

describe('every error has the documented { error: { code, message } } shape', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterAll(() => server.close());

  it('answers a URL that does not decode (FST_ERR_BAD_URL) with 400 VALIDATION_FAILED', async () => {
    for (const path of ['/assets/%c0%ae%c0%ae/etc/passwd', '/api/invites/%c0%ae', '/api/%E0%A4%A']) {
      const response = await server.client().get(path);
      expect(response.status, path).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/json');
      expectDocumentedShape(response.body, 'VALIDATION_FAILED');
      expect(response.text).not.toContain('FST_');
    }
  });

  it('answers Fastify’s body errors and unknown routes in the same shape', async () => {
    const client = server.client();
    const cases = [
      [await client.send(authApi.register, {}, { body: '{"email":' }), 400, 'VALIDATION_FAILED'],
      [
        await client.send(authApi.register, {}, { body: 'x', contentType: 'text/plain' }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        await client.send(
          authApi.register,
          {},
          { json: { ...newCredentials(), pad: 'x'.repeat(server.ctx.config.bodyLimitBytes) } },
        ),
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      [await client.get('/api/nothing-here'), 404, 'NOT_FOUND'],
      [await client.get('/assets/missing.js'), 404, 'NOT_FOUND'],
    ] as const;
    for (const [response, status, code] of cases) {
      expect(response.status).toBe(status);
      expectDocumentedShape(response.body, code);
    }
  });

  it('answers HTTP that Node’s parser refuses in the same shape', async () => {
    const malformed = await rawHttp(server.url, ['GET / HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n']);
    expect(malformed.status).toBe(400);
    expect(malformed.contentType).toContain('application/json');
    expectDocumentedShape(malformed.body, 'VALIDATION_FAILED');

    const huge = await rawHttp(server.url, [`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`]);
    expect(huge.status).toBe(431);
    expectDocumentedShape(huge.body, 'VALIDATION_FAILED');
  });
});

describe('a request that arrives while the server closes', () => {
  it('gets 503 UNAVAILABLE in the documented shape', async () => {
    const server = await startServer('pglite');
    let closed: Promise<void> | undefined;
    // The request's headers are still being sent when closing starts, so the connection is not idle and stays open.
    const response = await rawHttp(
      server.url,
      ['GET /api/health HTTP/1.1\r\nHost: x\r\n', 'Connection: close\r\n\r\n'],
      100,
      () => {
        closed = server.close();
      },
    );
    await closed;
    expect(response.status).toBe(503);
    expectDocumentedShape(response.body, 'UNAVAILABLE');
  });
});
