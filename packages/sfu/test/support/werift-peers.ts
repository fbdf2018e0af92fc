import type { RTCPeerConnection } from 'werift';
import { afterEach, vi } from 'vitest';

/** The SFU's peer-connection settings with no port range and no announced address: loopback as it comes. */
export const LOOPBACK_NETWORK = { udpPortRange: undefined, announcedIp: undefined };

/**
 * Peer connections a test opens, closed (and spies restored) after each test of the file that calls this; returns
 * the function that registers them.
 */
export function closePeersAfterEach(): (...peers: RTCPeerConnection[]) => void {
  const open: RTCPeerConnection[] = [];
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const pc of open.splice(0)) await pc.close();
  });
  return (...peers) => {
    open.push(...peers);
  };
}

/** Polls `condition` every 20 ms; rejects after `timeoutMs`. */
export async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
