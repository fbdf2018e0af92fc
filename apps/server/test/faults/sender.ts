import { sendMessage } from '@beseda/protocol/endpoints/chat';
import { type Message, messageResponseSchema } from '@beseda/protocol/chats';
import type { HttpUser } from './http-user.js';
import { sleep } from './until.js';

export interface Burst {
  /** Messages numbered 1…count, each with its own clientId. */
  count: number;
  /** Sends in flight at once. */
  concurrency: number;
  /** A stream at this rate (message n starts no earlier than n / perSecond s in); unset: as fast as possible. */
  perSecond?: number;
  /** Every message must be acknowledged within this. */
  timeoutMs: number;
  /** Called after each acknowledgement with how many there are so far (a fault is triggered from here). */
  onAck?: (acknowledged: number) => void;
}

export interface SendOutcome {
  /** Message number → the message the server acknowledged (200). */
  acks: Map<number, Message>;
  attempts: number;
  /** Attempts that failed (refused, reset, timed out, 5xx, 429) and were retried. */
  retries: number;
}

/** The content of message `n`: what the receiver's counts and the stored rows are matched by. */
export function numbered(tag: string, n: number): string {
  return `${tag} №${n}`;
}

/**
 * Sends numbered messages as a client that never gives up: a failed attempt is retried on the next server with the
 * same clientId (so the server answers a retry of a stored message with that message) until acknowledged.
 * First attempts alternate between the servers, as a balancer would spread them.
 */
export async function sendNumbered(
  user: HttpUser,
  servers: readonly string[],
  chatId: string,
  tag: string,
  burst: Burst,
): Promise<SendOutcome> {
  const outcome: SendOutcome = { acks: new Map(), attempts: 0, retries: 0 };
  const started = Date.now();
  const deadline = started + burst.timeoutMs;
  let nextNumber = 1;

  async function sendOne(n: number): Promise<void> {
    const body = { content: numbered(tag, n), clientId: `${tag}-${n}` };
    for (let attempt = n; ; attempt += 1) {
      if (Date.now() > deadline) throw new Error(`message ${n} was not acknowledged within ${burst.timeoutMs} ms`);
      outcome.attempts += 1;
      const server = servers[attempt % servers.length] ?? '';
      let wait = 50;
      try {
        const reply = await user.call(server, sendMessage, { query: { chatId }, body });
        if (reply.status === 200) {
          outcome.acks.set(n, messageResponseSchema.parse(reply.body).message);
          burst.onAck?.(outcome.acks.size);
          return;
        }
        if (reply.status === 429) wait = 1_000;
        else if (reply.status < 500)
          throw new Error(`message ${n}: HTTP ${reply.status} ${JSON.stringify(reply.body)}`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith(`message ${n}:`)) throw error;
      }
      outcome.retries += 1;
      await sleep(wait);
    }
  }

  async function worker(): Promise<void> {
    while (nextNumber <= burst.count) {
      const n = nextNumber;
      nextNumber += 1;
      if (burst.perSecond !== undefined) {
        const due = started + ((n - 1) * 1_000) / burst.perSecond;
        if (due > Date.now()) await sleep(due - Date.now());
      }
      await sendOne(n);
    }
  }

  await Promise.all(Array.from({ length: burst.concurrency }, worker));
  return outcome;
}
