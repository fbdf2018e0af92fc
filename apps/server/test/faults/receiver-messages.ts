import { z } from 'zod';

/** What the receiver child is started with (env FAULTS_RECEIVER, JSON). */
export const receiverConfigSchema = z.object({
  /** Base URLs of the server processes; each (re)connect takes the next, as a balancer would. */
  servers: z.array(z.string()).min(1),
  /** The receiver's session cookies. */
  cookies: z.record(z.string(), z.string()),
  userId: z.string(),
  chatId: z.string(),
});
export type ReceiverConfig = z.infer<typeof receiverConfigSchema>;

export const receiverReportSchema = z.object({
  /** Message id → how many `new_message` publications carried it (more than 1: a raw duplicate). */
  live: z.record(z.string(), z.number()),
  /** Ids that a resync the client was told to do (`wasRecovering && !recovered`) fetched through the API. */
  resynced: z.array(z.string()),
  /** Content of every message seen, live or by resync, by id: one sent message under two ids would show twice. */
  contents: z.record(z.string(), z.string()),
  /** How many times the client was told to resync. */
  resyncs: z.number(),
  /** Close codes of the client's reconnects (`connecting` after the first connect). */
  reconnectCodes: z.array(z.number()),
});
export type ReceiverReport = z.infer<typeof receiverReportSchema>;

/** Parent → receiver over IPC. */
export const toReceiverSchema = z.object({ type: z.literal('report') });

/** Receiver → parent over IPC. */
export const fromReceiverSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('report'), report: receiverReportSchema }),
]);
export type FromReceiver = z.infer<typeof fromReceiverSchema>;
