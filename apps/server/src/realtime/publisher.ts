import type { RealtimeEvent } from '@beseda/protocol/realtime';

/**
 * What services see of the realtime layer: they publish an event to a channel after their write succeeded, and
 * never touch sockets. The gateway satisfies this interface; tests can pass a recording fake.
 */
export interface Publisher {
  publish(channel: string, event: RealtimeEvent): Promise<unknown>;
}
