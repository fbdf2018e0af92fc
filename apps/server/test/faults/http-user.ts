import { type Endpoint, type EndpointInput, type OptionalWhenEmpty, urlOfPath } from '@beseda/protocol/endpoint';

export interface Reply {
  status: number;
  body: unknown;
}

/**
 * One signed-in user as a browser behind a load balancer sees the site: one cookie jar (name → value; one origin,
 * every cookie on every path is fine for the API) and any of the server processes as the address.
 */
export class HttpUser {
  readonly #jar = new Map<string, string>();

  constructor(cookies: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(cookies)) this.#jar.set(name, value);
  }

  cookies(): Record<string, string> {
    return Object.fromEntries(this.#jar);
  }

  /** Calls `endpoint` on the server at `baseUrl`; a network failure or no answer in 10 s rejects. */
  async call<E extends Endpoint>(
    baseUrl: string,
    endpoint: E,
    ...[input]: OptionalWhenEmpty<EndpointInput<E>>
  ): Promise<Reply> {
    const parts: { params?: unknown; query?: unknown; body?: unknown } | undefined = input;
    const headers: Record<string, string> = {};
    const cookie = [...this.#jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie !== '') headers.cookie = cookie;
    if (parts?.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${urlOfPath(endpoint.path, parts)}`, {
      method: endpoint.method,
      headers,
      body: parts?.body === undefined ? undefined : JSON.stringify(parts.body),
      signal: AbortSignal.timeout(10_000),
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';', 1)[0] ?? '';
      const eq = pair.indexOf('=');
      this.#jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return { status: response.status, body: parseJson(await response.text()) };
  }

  /** The same call, failing on anything but 200. */
  async ok<E extends Endpoint>(
    baseUrl: string,
    endpoint: E,
    ...input: OptionalWhenEmpty<EndpointInput<E>>
  ): Promise<unknown> {
    const reply = await this.call(baseUrl, endpoint, ...input);
    if (reply.status !== 200) {
      throw new Error(`${endpoint.method} ${endpoint.path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    }
    return reply.body;
  }
}

/**
 * `ok` on the first server that answers: a refused connection, a reset or a 5xx moves to the next one (as a
 * balancer's health check would), round after round until `timeoutMs`.
 */
export async function okOnAny<E extends Endpoint>(
  user: HttpUser,
  servers: readonly string[],
  timeoutMs: number,
  endpoint: E,
  ...input: OptionalWhenEmpty<EndpointInput<E>>
): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt += 1) {
    const server = servers[attempt % servers.length] ?? '';
    let failure: string;
    try {
      const reply = await user.call(server, endpoint, ...input);
      if (reply.status === 200) return reply.body;
      if (reply.status < 500) throw new Error(`${endpoint.method} ${endpoint.path}: ${reply.status}`);
      failure = `HTTP ${reply.status}`;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith(endpoint.method)) throw error;
      failure = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) throw new Error(`${endpoint.method} ${endpoint.path} failed everywhere: ${failure}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return text;
  }
}
