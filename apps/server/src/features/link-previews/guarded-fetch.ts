import type { IncomingMessage } from 'node:http';
import { request } from 'node:https';
import type { Duplex } from 'node:stream';
import { classifyAddress } from './address-guard.js';
import { checkFetchUrl } from './preview-url.js';

/** hostname → every address it resolves to (A and AAAA). Injected so tests never ask real DNS. */
export type Resolver = (hostname: string) => Promise<readonly string[]>;

/** Opens the TLS connection to an address that was already checked; SNI and certificate name are `servername`. */
export type Connector = (target: { address: string; port: number; servername: string }) => Duplex;

export interface GuardedFetchDeps {
  resolve: Resolver;
  connect: Connector;
}

export interface GuardedFetchLimits {
  /** Everything — every lookup, connection, redirect and the body — must be done within this. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Judged on the media type of the final response (lower case, parameters removed). */
  acceptContentType: (mediaType: string) => boolean;
  /** true: stop reading at maxBytes and keep what came (a page's head is at its start); false: fail. */
  truncate: boolean;
}

export interface GuardedResponse {
  finalUrl: URL;
  /** The whole Content-Type header, charset included. */
  contentType: string;
  body: Buffer;
}

export type GuardedFetchFailure =
  | 'refused-url'
  | 'refused-address'
  | 'unresolvable'
  | 'too-many-redirects'
  | 'http-status'
  | 'content-type'
  | 'too-large'
  | 'timeout'
  | 'network';

export class GuardedFetchError extends Error {
  constructor(readonly reason: GuardedFetchFailure) {
    super(`guarded fetch failed: ${reason}`);
    this.name = 'GuardedFetchError';
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const HTTPS_PORT = 443;

/**
 * GET a URL that a user gave us without letting it reach anything but the public internet. Each hop (the first URL
 * and every redirect target) passes the URL check, is resolved once, and is refused if ANY of its addresses is not
 * public — before a connection is made. The connection then goes to the very address that was checked, so a second
 * DNS answer (rebinding) can never be used; the name travels only as SNI and Host.
 */
export async function guardedFetch(
  rawUrl: string | URL,
  deps: GuardedFetchDeps,
  limits: GuardedFetchLimits,
): Promise<GuardedResponse> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  try {
    return await followRedirects(rawUrl, deps, limits, controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw new GuardedFetchError('timeout');
    if (error instanceof GuardedFetchError) throw error;
    throw new GuardedFetchError('network');
  } finally {
    clearTimeout(timer);
  }
}

async function followRedirects(
  rawUrl: string | URL,
  deps: GuardedFetchDeps,
  limits: GuardedFetchLimits,
  signal: AbortSignal,
): Promise<GuardedResponse> {
  let next: string | URL = rawUrl;
  for (let hop = 0; ; hop++) {
    const check = checkFetchUrl(next);
    if (!check.ok) throw new GuardedFetchError('refused-url');
    const url = check.url;
    const address = await resolveChecked(url.hostname, deps.resolve, signal);
    const response = await get(url, address, deps.connect, signal);
    const location = response.headers.location;
    if (response.statusCode !== undefined && REDIRECT_STATUSES.has(response.statusCode) && location !== undefined) {
      response.destroy();
      if (hop >= limits.maxRedirects) throw new GuardedFetchError('too-many-redirects');
      next = resolveLocation(location, url);
      continue;
    }
    return readResponse(url, response, limits);
  }
}

function resolveLocation(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch {
    throw new GuardedFetchError('refused-url');
  }
}

async function resolveChecked(hostname: string, resolve: Resolver, signal: AbortSignal): Promise<string> {
  let addresses: readonly string[];
  try {
    addresses = await raceAbort(resolve(hostname), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    throw new GuardedFetchError('unresolvable');
  }
  const [first] = addresses;
  if (first === undefined) throw new GuardedFetchError('unresolvable');
  // One refused address refuses the name: otherwise a name listing a public and a private address would let us
  // through on the public one today and be pointed at the private one by whichever answer comes first tomorrow.
  if (addresses.some((address) => classifyAddress(address) !== 'public')) {
    throw new GuardedFetchError('refused-address');
  }
  return first;
}

function get(url: URL, address: string, connect: Connector, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        method: 'GET',
        protocol: 'https:',
        host: url.hostname,
        servername: url.hostname,
        port: HTTPS_PORT,
        path: `${url.pathname}${url.search}`,
        headers: {
          // Without an agent the http module would add ":443" to Host; url.host is the name as the site knows it.
          host: url.host,
          accept: 'text/html,application/xhtml+xml;q=0.9,image/*;q=0.8',
          'accept-language': 'ru,en;q=0.8',
          'user-agent': 'BesedaLinkPreview/1.0',
        },
        signal,
        // No agent and our own socket: the http module never does a DNS lookup of its own, and no pooled socket
        // opened for one address is ever reused for another name.
        createConnection: () => connect({ address, port: HTTPS_PORT, servername: url.hostname }),
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

async function readResponse(url: URL, response: IncomingMessage, limits: GuardedFetchLimits): Promise<GuardedResponse> {
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) {
    response.destroy();
    throw new GuardedFetchError('http-status');
  }
  const contentType = response.headers['content-type'] ?? '';
  const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (!limits.acceptContentType(mediaType)) {
    response.destroy();
    throw new GuardedFetchError('content-type');
  }
  const declared = Number(response.headers['content-length']);
  if (!limits.truncate && Number.isFinite(declared) && declared > limits.maxBytes) {
    response.destroy();
    throw new GuardedFetchError('too-large');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    if (size + buffer.length > limits.maxBytes) {
      response.destroy();
      if (!limits.truncate) throw new GuardedFetchError('too-large');
      chunks.push(buffer.subarray(0, limits.maxBytes - size));
      size = limits.maxBytes;
      break;
    }
    chunks.push(buffer);
    size += buffer.length;
  }
  return { finalUrl: url, contentType, body: Buffer.concat(chunks, size) };
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      reject(new Error('aborted'));
      return;
    }
    const onAbort = (): void => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
