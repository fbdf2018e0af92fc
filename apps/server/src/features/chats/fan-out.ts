import type { RealtimeEvent } from '@beseda/protocol/realtime';
import type { Logger } from 'pino';
import type { Publisher } from '../../realtime/publisher.js';

export interface Delivery {
  channel: string;
  event: RealtimeEvent;
}

/**
 * Publishes after the write has committed. A failed publication is logged, not thrown: the data is already saved,
 * and a client that missed the event catches up on its next reload (or by channel recovery).
 */
export async function fanOut(publisher: Publisher, logger: Logger, deliveries: readonly Delivery[]): Promise<void> {
  const results = await Promise.allSettled(deliveries.map((d) => publisher.publish(d.channel, d.event)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') {
      logger.error({ err: result.reason, channel: deliveries[i]?.channel }, 'realtime publish failed');
    }
  });
}
