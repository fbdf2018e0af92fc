import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL_VERSION, PROTOCOL_VERSION_HEADER } from '@beseda/protocol/version';
import { checkServerAddress, PROBE_TIMEOUT_MS, type ProbeFetch, type ProbeResponse } from '../src/server-probe.js';

interface Call {
  url: string;
  headers: Record<string, string>;
  redirect: string;
}

function answering(status: number, body: unknown): { fetch: ProbeFetch; calls: Call[] } {
  const calls: Call[] = [];
  const fetch: ProbeFetch = (url, init) => {
    calls.push({ url, headers: init.headers, redirect: init.redirect });
    const response: ProbeResponse = {
      status,
      json: () => (body instanceof Error ? Promise.reject(body) : Promise.resolve(body)),
    };
    return Promise.resolve(response);
  };
  return { fetch, calls };
}

const failing: ProbeFetch = () => Promise.reject(new TypeError('fetch failed'));

describe('first-run server check', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts a Beseda server, asking its health with this build’s protocol version', async () => {
    const { fetch, calls } = answering(200, { ok: true });
    await expect(checkServerAddress(' Beseda.Example.ru ', fetch)).resolves.toEqual({
      ok: true,
      origin: 'https://beseda.example.ru',
    });
    expect(calls).toEqual([
      {
        url: 'https://beseda.example.ru/api/health',
        headers: { [PROTOCOL_VERSION_HEADER]: String(PROTOCOL_VERSION), accept: 'application/json' },
        redirect: 'manual',
      },
    ]);
  });

  it('refuses a bad address without asking anyone', async () => {
    const { fetch, calls } = answering(200, { ok: true });
    const cases: [string, string][] = [
      ['', 'empty'],
      ['bes eda', 'invalid'],
      ['ftp://beseda.example.ru', 'scheme'],
      ['https://me:pw@beseda.example.ru', 'credentials'],
      ['http://beseda.example.ru', 'insecure'],
      ['https://beseda.example.ru/app', 'path'],
    ];
    for (const [address, error] of cases) {
      await expect(checkServerAddress(address, fetch), address).resolves.toEqual({ ok: false, error });
    }
    expect(calls).toEqual([]);
  });

  it('plain http to this computer is asked as is', async () => {
    const { fetch, calls } = answering(200, { ok: true });
    await expect(checkServerAddress('http://127.0.0.1:3000', fetch)).resolves.toEqual({
      ok: true,
      origin: 'http://127.0.0.1:3000',
    });
    expect(calls[0]?.url).toBe('http://127.0.0.1:3000/api/health');
  });

  it('no answer, or a proxy whose server is down, is «unreachable»', async () => {
    await expect(checkServerAddress('https://beseda.example.ru', failing)).resolves.toEqual({
      ok: false,
      error: 'unreachable',
    });
    for (const status of [502, 503, 504]) {
      await expect(checkServerAddress('https://beseda.example.ru', answering(status, '').fetch)).resolves.toEqual({
        ok: false,
        error: 'unreachable',
      });
    }
  });

  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    let aborted = false;
    const hanging: ProbeFetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init.signal.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    const result = checkServerAddress('https://beseda.example.ru', hanging);
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS - 1);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ ok: false, error: 'unreachable' });
    expect(aborted).toBe(true);
  });

  it('any other answer is «not a Beseda server»', async () => {
    const answers: [number, unknown][] = [
      [200, new SyntaxError('Unexpected token <')],
      [200, { status: 'ok' }],
      [200, { ok: false }],
      [404, { error: { code: 'NOT_FOUND', message: 'Not found' } }],
      [301, undefined],
      [426, new SyntaxError('Unexpected token <')],
      [426, { error: { code: 'VALIDATION_FAILED', message: 'x' } }],
      [500, { error: { code: 'INTERNAL', message: 'x' } }],
    ];
    for (const [status, body] of answers) {
      await expect(
        checkServerAddress('https://beseda.example.ru', answering(status, body).fetch),
        `${status} ${String(body)}`,
      ).resolves.toEqual({ ok: false, error: 'not-beseda' });
    }
  });

  it('a server that no longer speaks this version needs a newer app', async () => {
    const { fetch } = answering(426, {
      error: { code: 'CLIENT_OUTDATED', message: 'This client is older than the server speaks; reload to update it' },
    });
    await expect(checkServerAddress('https://beseda.example.ru', fetch)).resolves.toEqual({
      ok: false,
      error: 'outdated',
    });
  });
});
