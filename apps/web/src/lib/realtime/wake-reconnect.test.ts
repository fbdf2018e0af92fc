import { Centrifuge } from 'centrifuge';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createWakeTarget } from './wake-target';

describe('a centrifuge client with the wake target', () => {
  it('tries again at once when the tab becomes visible, instead of waiting out its backoff', async () => {
    const window = new EventTarget();
    const document = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState });
    const attempts: number[] = [];
    // Nothing listens on port 9: every attempt fails, and the next one is a minute of backoff away.
    const client = new Centrifuge('ws://127.0.0.1:9/connection/websocket', {
      websocket: WebSocket,
      minReconnectDelay: 60_000,
      maxReconnectDelay: 60_000,
      networkEventTarget: createWakeTarget({ window, document, isOnline: () => true }),
    });
    client.on('error', () => attempts.push(Date.now()));
    client.connect();
    try {
      await expect.poll(() => attempts.length, { timeout: 5_000 }).toBe(1);
      document.visibilityState = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
      await expect.poll(() => attempts.length, { timeout: 5_000 }).toBe(2);
    } finally {
      client.disconnect();
    }
  });
});
