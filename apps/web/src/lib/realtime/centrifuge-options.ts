import { REALTIME } from '@beseda/protocol/constants';
import type { Options, SubscriptionOptions } from 'centrifuge';
import { BROADCAST_CHANNEL, userChannel, userMessageChannel } from '@beseda/protocol/realtime';
import { PROTOCOL_VERSION } from '@beseda/protocol/version';

/** Spec §9: resubscribe delay 500–20 000 ms (the protocol's REALTIME constants cover the connection only). */
export const RESUBSCRIBE_DELAY_MS = { min: 500, max: 20_000 } as const;

/**
 * The spec's §9 constants as the client's options. The token refresh retry delays (connection 5–10 s, channel
 * 10–20 s) are the `centrifuge` client's built-in values and match the spec, so there is nothing to set for them.
 */
export function connectionOptions(getToken: () => Promise<string>): Partial<Options> {
  return {
    getToken,
    minReconnectDelay: REALTIME.minReconnectDelayMs,
    maxReconnectDelay: REALTIME.maxReconnectDelayMs,
    timeout: REALTIME.timeoutMs,
    maxServerPingDelay: REALTIME.maxServerPingDelayMs,
    name: 'beseda-web',
    // The gateway closes a build older than the server speaks with a terminal code (see `onClientOutdated`).
    version: String(PROTOCOL_VERSION),
  };
}

/** Every channel is subscribed with recovery, so a reconnect replays what was missed instead of refetching. */
export function subscriptionOptions(): SubscriptionOptions {
  return {
    recoverable: true,
    positioned: true,
    minResubscribeDelay: RESUBSCRIBE_DELAY_MS.min,
    maxResubscribeDelay: RESUBSCRIBE_DELAY_MS.max,
  };
}

/** `ws(s)://<same host>/connection/websocket`: the gateway is served by the same origin as the app. */
export function gatewayUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${REALTIME.path}`;
}

/** The channels every signed-in client follows (spec §7 Realtime topics). */
export function channelsFor(userId: string): string[] {
  return [BROADCAST_CHANNEL, userChannel(userId), userMessageChannel(userId)];
}
