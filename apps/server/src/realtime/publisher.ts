import type { ChannelKind, ChannelName } from '@beseda/protocol/realtime';
import type { ServerEventOf } from '@beseda/protocol/server-events';

/**
 * What services see of the realtime layer: they publish an event to a channel after their write succeeded, and
 * never touch sockets. The channel's kind decides which events it takes, so a mismatched pair does not compile.
 * The gateway satisfies this interface; tests can pass a recording fake.
 */
export interface Publisher {
  publish<K extends ChannelKind>(channel: ChannelName<K>, event: ServerEventOf<K>): Promise<unknown>;
}
