import type { Delivery } from '@beseda/protocol/server-events';
import type { GatewayLogger } from './options.js';
import type { Publisher } from './publisher.js';

/**
 * Publishes after the write has committed. A failed publication is logged, not thrown: the data is already saved,
 * and a client that missed the event catches up on its next reload (or by channel recovery).
 */
export async function fanOut(
  publisher: Publisher,
  logger: GatewayLogger,
  deliveries: readonly Delivery[],
): Promise<void> {
  if (deliveries.length === 0) return;
  const results = await Promise.allSettled(deliveries.map((d) => publisher.publish(d.channel, d.event)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') {
      logger.error({ err: result.reason, channel: deliveries[i]?.channel }, 'realtime publish failed');
    }
  });
}
