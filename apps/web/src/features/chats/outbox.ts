import type { MessageEntity } from '@beseda/protocol/markup-schema';

/**
 * Optimistic sends (STYLE habit 9): a message the user sent but the server has not confirmed yet, keyed by the
 * client id the send carries. The server is idempotent by that id, so a retry can never post a message twice, and
 * its realtime echo carries the id back, so whichever of the answer and the echo arrives first settles the entry.
 *
 * The entries of one chat form its send queue, in `seq` order: the server gives each message its id (and so its
 * place in everyone's list) when it stores it, so they go out one at a time in this order (send-queue.ts).
 */
export type OutboxStatus = 'sending' | 'failed';

export interface OutboxEntry {
  clientId: string;
  chatId: string;
  content: string;
  entities: readonly MessageEntity[];
  /** The sender closed the composer's link preview card: the server previews nothing for this message. */
  noLinkPreview: boolean;
  /** When the user pressed Enter: the time shown until the server's copy replaces it. */
  createdAt: string;
  /**
   * The send order (and the order shown): a counter, not the clock, since several Enters can share a millisecond.
   * «Повторить» gives a failed message a new one: it goes out, and is shown, after those waiting.
   */
  seq: number;
  status: OutboxStatus;
}

export type Outbox = Readonly<Record<string, OutboxEntry>>;

export const EMPTY_OUTBOX: Outbox = Object.freeze({});

function nextSeq(outbox: Outbox): number {
  let max = 0;
  for (const entry of Object.values(outbox)) max = Math.max(max, entry.seq);
  return max + 1;
}

export function enqueue(outbox: Outbox, entry: Omit<OutboxEntry, 'status' | 'seq'>): Outbox {
  if (outbox[entry.clientId]) return outbox;
  return { ...outbox, [entry.clientId]: { ...entry, seq: nextSeq(outbox), status: 'sending' } };
}

/** The send failed: the message stays, dimmed red, with «Повторить». A settled entry stays settled. */
export function markFailed(outbox: Outbox, clientId: string): Outbox {
  const entry = outbox[clientId];
  if (!entry || entry.status === 'failed') return outbox;
  return { ...outbox, [clientId]: { ...entry, status: 'failed' } };
}

/** «Повторить»: the same entry, same client id, sending again behind the messages already waiting. */
export function markRetrying(outbox: Outbox, clientId: string): Outbox {
  const entry = outbox[clientId];
  if (!entry || entry.status === 'sending') return outbox;
  return { ...outbox, [clientId]: { ...entry, seq: nextSeq(outbox), status: 'sending' } };
}

/** The server's copy exists (its answer or the echo): the optimistic entry leaves. Unknown ids change nothing. */
export function settle(outbox: Outbox, clientId: string | null | undefined): Outbox {
  if (!clientId || !outbox[clientId]) return outbox;
  return Object.fromEntries(Object.entries(outbox).filter(([key]) => key !== clientId));
}

/** A chat's pending messages in send order. */
export function pendingIn(outbox: Outbox, chatId: string): OutboxEntry[] {
  return Object.values(outbox)
    .filter((entry) => entry.chatId === chatId)
    .sort((a, b) => a.seq - b.seq);
}

/** The message the chat's queue sends next: the first one still sending (failed ones wait for «Повторить»). */
export function nextToSend(outbox: Outbox, chatId: string): OutboxEntry | undefined {
  return pendingIn(outbox, chatId).find((entry) => entry.status === 'sending');
}
