import type { Message, SystemMessage } from '@beseda/protocol/chats';
import type { LinkPreview } from '@beseda/protocol/link-previews';
import type { MessageEntity } from '@beseda/protocol/markup-schema';
import { dayKey } from './day-label';
import type { OutboxEntry } from './outbox';

/** What the list shows for one message, whether the server has it yet or it still waits in the outbox. */
export interface DisplayMessage {
  /**
   * Stable across «sending» → «sent»: the client id when there is one (the echo carries it back), else the id. So
   * the row keeps its place and its measured height when the server's copy replaces the optimistic one.
   */
  key: string;
  /** null while only the outbox has it. */
  id: string | null;
  clientId: string | null;
  senderId: string | null;
  kind: Message['kind'];
  content: string;
  entities: readonly MessageEntity[];
  system: SystemMessage | null;
  createdAt: string;
  isEdited: boolean;
  /** The embed under the text; the server adds it after the send (`message_preview`). */
  linkPreview: LinkPreview | null;
  status: 'sent' | OutboxEntry['status'];
}

export type MessageRow =
  { type: 'day'; key: string; date: string } | { type: 'message'; key: string; message: DisplayMessage; head: boolean };

/** Discord-like grouping: one author's messages closer than this share the first one's avatar and name. */
export const GROUP_WINDOW_MS = 7 * 60_000;

export function fromMessage(message: Message): DisplayMessage {
  return {
    key: message.clientId ?? message.id,
    id: message.id,
    clientId: message.clientId,
    senderId: message.senderId,
    kind: message.kind,
    content: message.content,
    entities: message.entities,
    system: message.system,
    createdAt: message.createdAt,
    isEdited: message.isEdited,
    linkPreview: message.linkPreview,
    status: 'sent',
  };
}

export function fromOutbox(entry: OutboxEntry, meId: string): DisplayMessage {
  return {
    key: entry.clientId,
    id: null,
    clientId: entry.clientId,
    senderId: meId,
    kind: 'TEXT',
    content: entry.content,
    entities: entry.entities,
    system: null,
    createdAt: entry.createdAt,
    isEdited: false,
    linkPreview: null,
    status: entry.status,
  };
}

/** Server messages (ascending by id) and then the pending ones: unsent messages are always the newest. */
export function displayMessages(
  ids: readonly string[],
  byId: Readonly<Record<string, Message>>,
  pending: readonly OutboxEntry[],
  meId: string,
): DisplayMessage[] {
  const out: DisplayMessage[] = [];
  const settledClientIds = new Set<string>();
  for (const id of ids) {
    const message = byId[id];
    if (!message) continue;
    out.push(fromMessage(message));
    if (message.clientId) settledClientIds.add(message.clientId);
  }
  for (const entry of pending) if (!settledClientIds.has(entry.clientId)) out.push(fromOutbox(entry, meId));
  return out;
}

function startsGroup(previous: DisplayMessage | undefined, message: DisplayMessage): boolean {
  if (!previous) return true;
  // Notices and call records (RTCP) stand alone: neither joins a run nor lets the next message join theirs.
  if (message.kind !== 'TEXT' || previous.kind !== 'TEXT') return true;
  if (previous.senderId !== message.senderId) return true;
  const gap = Date.parse(message.createdAt) - Date.parse(previous.createdAt);
  return !(gap >= 0 && gap < GROUP_WINDOW_MS);
}

/** Day labels between local calendar days, and a `head` flag on the first message of each author's run. */
export function buildRows(messages: readonly DisplayMessage[]): MessageRow[] {
  const rows: MessageRow[] = [];
  let day: string | null = null;
  let previous: DisplayMessage | undefined;
  for (const message of messages) {
    const key = dayKey(new Date(message.createdAt));
    if (key !== day) {
      rows.push({ type: 'day', key: `day:${key}`, date: message.createdAt });
      day = key;
      previous = undefined;
    }
    rows.push({ type: 'message', key: message.key, message, head: startsGroup(previous, message) });
    previous = message;
  }
  return rows;
}
