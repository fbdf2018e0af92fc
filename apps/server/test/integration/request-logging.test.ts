import { Writable } from 'node:stream';
import { API_PREFIX } from '@beseda/protocol/constants';
import { describe, expect, it } from 'vitest';
import type { LogFormat } from '../../src/config.js';
import { startServer } from './harness.js';

/** The log lines one request to /health leaves at `info`, with the server set to log in `format`. */
async function linesOfOneRequest(format: LogFormat): Promise<string> {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const server = await startServer('pglite', { logFormat: format }, { logDestination: { level: 'info', stream } });
  try {
    chunks.length = 0;
    const response = await fetch(`${server.url}${API_PREFIX}/health`);
    expect(response.status).toBe(200);
    return chunks.join('');
  } finally {
    await server.close();
  }
}

describe('request log lines', () => {
  it('a terminal (pretty logs) gets none: «Beseda is running at …» stays in view', async () => {
    expect(await linesOfOneRequest('pretty')).toBe('');
  });

  it('JSON logs keep them for whoever collects the logs', async () => {
    expect(await linesOfOneRequest('json')).toContain('request completed');
  });
});
