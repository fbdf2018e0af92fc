// A signed-in HTTP user: node:http over a keep-alive agent (a few sockets reused, as a browser does) and a cookie
// jar of name → value (one origin, every cookie sent on every path is fine for the API).
import { Agent, request as httpRequest } from 'node:http';

/** @typedef {{ status: number, body: any }} Reply */
/** @typedef {import('./api.mjs').Api} Api */
/** @typedef {import('./api.mjs').Endpoint} Endpoint */

export class HttpUser {
  /** @type {Map<string, string>} */
  #jar = new Map();
  #base;
  #agent;

  /** @param {Api} api @param {string} baseUrl @param {number} sockets */
  constructor(api, baseUrl, sockets) {
    this.api = api;
    this.#base = new URL(baseUrl);
    this.#agent = new Agent({ keepAlive: true, maxSockets: sockets });
  }

  /**
   * A call by endpoint descriptor, failing on anything but 200.
   * @param {Endpoint} endpoint @param {import('./api.mjs').UrlInput & { body?: unknown }} [input]
   */
  call(endpoint, input = {}) {
    return this.ok(endpoint.method, this.api.urlOf(endpoint, input), input.body);
  }

  /**
   * @param {'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'} method
   * @param {string} path
   * @param {unknown} [json]
   * @returns {Promise<Reply>}
   */
  request(method, path, json) {
    const body = json === undefined ? undefined : JSON.stringify(json);
    /** @type {Record<string, string | number>} */
    const headers = { cookie: [...this.#jar].map(([name, value]) => `${name}=${value}`).join('; ') };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: this.#base.hostname,
          port: this.#base.port,
          method,
          path,
          headers,
          agent: this.#agent,
        },
        (res) => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const pair = line.split(';', 1)[0] ?? '';
            const eq = pair.indexOf('=');
            this.#jar.set(pair.slice(0, eq), pair.slice(eq + 1));
          }
          /** @type {Buffer[]} */
          const chunks = [];
          res.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            let parsed;
            try {
              parsed = text === '' ? undefined : JSON.parse(text);
            } catch {
              parsed = text;
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  /**
   * The same request, failing on anything but 200.
   * @param {'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'} method
   * @param {string} path
   * @param {unknown} [json]
   */
  async ok(method, path, json) {
    const reply = await this.request(method, path, json);
    if (reply.status !== 200) {
      throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
    }
    return reply.body;
  }

  close() {
    this.#agent.destroy();
  }
}
