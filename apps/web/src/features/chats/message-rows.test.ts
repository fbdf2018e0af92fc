import { describe, expect, it } from 'vitest';
import type { Message } from '@beseda/protocol/chats';
import { buildRows, displayMessages, type DisplayMessage } from './message-rows';
import type { OutboxEntry } from './outbox';

function message(id: string, senderId: string | null, createdAt: Date, extra: Partial<Message> = {}): Message {
  return {
    id,
    chatId: 'c1',
    senderId,
    kind: 'TEXT',
    content: id,
    entities: [],
    system: null,
    createdAt: createdAt.toISOString(),
    editedAt: null,
    isEdited: false,
    clientId: null,
    linkPreview: null,
    ...extra,
  };
}

const day1 = (h: number, m: number) => new Date(2025, 2, 4, h, m);
const day2 = (h: number, m: number) => new Date(2025, 2, 5, h, m);

function rowsOf(messages: Message[], pending: OutboxEntry[] = []) {
  const byId = Object.fromEntries(messages.map((item) => [item.id, item]));
  return buildRows(displayMessages(Object.keys(byId).sort(), byId, pending, 'me'));
}

function shape(rows: ReturnType<typeof buildRows>) {
  return rows.map((row) => (row.type === 'day' ? `day` : `${row.message.key}${row.head ? '*' : ''}`));
}

describe('buildRows', () => {
  it('puts a day label before each local day and groups one author within the window', () => {
    const rows = rowsOf([
      message('a1', 'u1', day1(10, 0)),
      message('a2', 'u1', day1(10, 3)),
      message('a3', 'u2', day1(10, 4)),
      message('a4', 'u1', day1(10, 5)),
      message('a5', 'u1', day1(10, 30)),
      message('b1', 'u1', day2(9, 0)),
      message('b2', 'u1', day2(9, 1)),
    ]);
    expect(shape(rows)).toEqual(['day', 'a1*', 'a2', 'a3*', 'a4*', 'a5*', 'day', 'b1*', 'b2']);
  });

  it('keeps system messages apart from any group', () => {
    const rows = rowsOf([
      message('a1', null, day1(10, 0), { kind: 'SYSTEM', system: { key: 'welcome' } }),
      message('a2', null, day1(10, 1), { kind: 'SYSTEM', system: { key: 'welcome' } }),
    ]);
    expect(shape(rows)).toEqual(['day', 'a1*', 'a2*']);
  });

  it('keeps call records apart: neither they nor the message after them join a run', () => {
    const call = {
      key: 'call' as const,
      callId: 'k',
      callerId: 'u1',
      calleeId: 'u2',
      status: 'ENDED' as const,
      missed: false,
      durationSeconds: 5,
      video: false,
    };
    const rows = rowsOf([
      message('a1', 'u1', day1(10, 0)),
      message('a2', 'u1', day1(10, 1), { kind: 'RTCP', system: call }),
      message('a3', 'u1', day1(10, 2)),
    ]);
    expect(shape(rows)).toEqual(['day', 'a1*', 'a2*', 'a3*']);
  });

  it('shows pending messages after the sent ones, keyed by client id', () => {
    const pending: OutboxEntry[] = [
      {
        clientId: 'k1',
        chatId: 'c1',
        content: 'hi',
        entities: [],
        noLinkPreview: false,
        createdAt: day2(9, 2).toISOString(),
        seq: 1,
        status: 'failed',
      },
    ];
    const rows = rowsOf([message('b1', 'me', day2(9, 0))], pending);
    expect(shape(rows)).toEqual(['day', 'b1*', 'k1']);
    const last = rows.at(-1) as { message: DisplayMessage };
    expect(last.message).toMatchObject({ id: null, status: 'failed', senderId: 'me' });
  });

  it('keeps the client id as the key once the server copy arrives, and hides the settled outbox entry', () => {
    const sent = message('b1', 'me', day2(9, 0), { clientId: 'k1' });
    const pending: OutboxEntry[] = [
      {
        clientId: 'k1',
        chatId: 'c1',
        content: 'b1',
        entities: [],
        noLinkPreview: false,
        createdAt: sent.createdAt,
        seq: 1,
        status: 'sending',
      },
    ];
    expect(shape(rowsOf([sent], pending))).toEqual(['day', 'k1*']);
  });

  it('is empty for no messages', () => {
    expect(buildRows([])).toEqual([]);
  });
});
