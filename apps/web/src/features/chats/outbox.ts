import type { MessageEntity } from '@beseda/protocol/markup-schema';

/**
 * Optimistic sends (STYLE habit 9): a message the user sent but the server has not confirmed yet, keyed by the
 * client id the send carries. The server is idempotent by that id, so a retry can never post a message twice, and
 * its realtime echo carries the id back, so whichever of the answer and the echo arrives first settles the entry.
 */
export type OutboxStatus = 'sending' | 'failed';

export interface OutboxEntry {
  clientId: string;
  chatId: string;
  content: string;
  entities: readonly MessageEntity[];
  /** When the user pressed Enter: where the message sits in the list until the server's copy replaces it. */
  createdAt: string;
  status: OutboxStatus;
}

export type Outbox = Readonly<Record<string, OutboxEntry>>;

export const EMPTY_OUTBOX: Outbox = Object.freeze({});

export function enqueue(outbox: Outbox, entry: Omit<OutboxEntry, 'status'>): Outbox {
  if (outbox[entry.clientId]) return outbox;
  return { ...outbox, [entry.clientId]: { ...entry, status: 'sending' } };
}

/** The send failed: the message stays, dimmed red, with «Повторить». A settled entry stays settled. */
export function markFailed(outbox: Outbox, clientId: string): Outbox {
  const entry = outbox[clientId];
  if (!entry || entry.status === 'failed') return outbox;
  return { ...outbox, [clientId]: { ...entry, status: 'failed' } };
}

/** «Повторить»: the same entry, same client id, sending again. */
export function markRetrying(outbox: Outbox, clientId: string): Outbox {
  const entry = outbox[clientId];
  if (!entry || entry.status === 'sending') return outbox;
  return { ...outbox, [clientId]: { ...entry, status: 'sending' } };
}

/** The server's copy exists (its answer or the echo): the optimistic entry leaves. Unknown ids change nothing. */
export function settle(outbox: Outbox, clientId: string | null | undefined): Outbox {
  if (!clientId || !outbox[clientId]) return outbox;
  return Object.fromEntries(Object.entries(outbox).filter(([key]) => key !== clientId));
}

/** A chat's pending messages, oldest first. */
export function pendingIn(outbox: Outbox, chatId: string): OutboxEntry[] {
  return Object.values(outbox)
    .filter((entry) => entry.chatId === chatId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.clientId.localeCompare(b.clientId));
}
