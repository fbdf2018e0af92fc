// The recipient's realtime connection: a raw `ws` socket speaking the Centrifugo JSON protocol as the official
// `centrifuge` client does (connect + subscribe in one frame, `{}` pings answered with `{}`). It records when each
// `new_message` arrives, by the message's clientId, on the same clock (performance.now()) as the sender.
import WebSocket from 'ws';

/**
 * @param {string} baseUrl http://127.0.0.1:port
 * @param {string} token from GET /api/auth/ws-token
 * @param {string} channel notification:user:message#<userId>
 */
export async function openRecipient(baseUrl, token, channel) {
  /** clientId → arrival time (ms, performance.now()) */
  const arrivals = new Map();
  /** @type {Set<(clientId: string) => void>} */
  const listeners = new Set();
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/connection/websocket`);

  const subscribed = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('gateway: no subscribe reply in 10 s')), 10_000);
    socket.once('error', reject);
    socket.once('close', (code, reason) => reject(new Error(`gateway closed ${code} ${reason.toString()}`)));
    socket.once('open', () => {
      socket.send(
        `${JSON.stringify({ connect: { token, name: 'js' }, id: 1 })}\n${JSON.stringify({ subscribe: { channel }, id: 2 })}`,
      );
    });
    socket.on('message', (/** @type {Buffer} */ data) => {
      const at = performance.now();
      // One frame may carry several replies, one JSON object per line.
      for (const line of data.toString().split('\n')) {
        if (line === '') continue;
        if (line === '{}') {
          socket.send('{}');
          continue;
        }
        const reply = JSON.parse(line);
        if (reply.error) reject(new Error(`gateway error: ${JSON.stringify(reply.error)}`));
        if (reply.id === 2) {
          clearTimeout(timer);
          resolve(undefined);
        }
        const event = reply.push?.pub?.data;
        if (event?.type !== 'new_message') continue;
        const clientId = event.payload?.message?.clientId;
        if (typeof clientId !== 'string' || arrivals.has(clientId)) continue;
        arrivals.set(clientId, at);
        for (const listener of listeners) listener(clientId);
      }
    });
  });
  await subscribed;

  return {
    arrivals,
    /**
     * Resolves when every clientId has arrived, or after `timeoutMs` (then some are missing).
     * @param {Iterable<string>} clientIds @param {number} timeoutMs
     */
    waitFor(clientIds, timeoutMs) {
      const missing = new Set([...clientIds].filter((id) => !arrivals.has(id)));
      if (missing.size === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          listeners.delete(listener);
          clearTimeout(timer);
          resolve(undefined);
        };
        const timer = setTimeout(done, timeoutMs);
        /** @param {string} clientId */
        const listener = (clientId) => {
          missing.delete(clientId);
          if (missing.size === 0) done();
        };
        listeners.add(listener);
      });
    },
    close() {
      socket.terminate();
    },
  };
}
