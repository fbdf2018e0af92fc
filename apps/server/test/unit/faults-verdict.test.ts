import type { Message } from '@beseda/protocol/chats';
import { describe, expect, it } from 'vitest';
import type { ReceiverReport } from '../faults/receiver-messages.js';
import { judge } from '../faults/verdict.js';

function message(id: string, n: number): Message {
  return {
    id,
    chatId: 'chat',
    senderId: 'sender',
    kind: 'TEXT',
    content: `t №${n}`,
    entities: [],
    system: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    editedAt: null,
    isEdited: false,
    clientId: `t-${n}`,
    linkPreview: null,
  };
}

function report(overrides: Partial<ReceiverReport>): ReceiverReport {
  return { live: {}, resynced: [], contents: {}, resyncs: 0, reconnectCodes: [], ...overrides };
}

describe("the fault suite's verdict", () => {
  const acks = new Map([1, 2, 3, 4].map((n) => [n, message(`m${n}`, n)]));
  const stored = [...acks.values()];

  it('counts live, resync and lost separately: only what came neither way is lost', () => {
    const verdict = judge(
      4,
      acks,
      stored,
      report({ live: { m1: 1, m2: 2 }, resynced: ['m1', 'm3'], resyncs: 1, contents: { m1: 't №1' } }),
    );
    expect(verdict).toMatchObject({ acknowledged: 4, stored: 4, live: 2, byResync: 1, lost: [4] });
    expect(verdict.rawDuplicatePublications).toBe(1);
    expect(verdict.shownDuplicates).toBe(0);
  });

  it('a number shown under two ids is a shown duplicate; a stored row nobody acknowledged is extra', () => {
    const twice = message('m1-again', 1);
    const verdict = judge(
      4,
      acks,
      [...stored, twice],
      report({
        live: { m1: 1, m2: 1, m3: 1, m4: 1, 'm1-again': 1 },
        contents: { m1: 't №1', 'm1-again': 't №1', m2: 't №2' },
      }),
    );
    expect(verdict).toMatchObject({ lost: [], shownDuplicates: 1, storedExtra: 1, acknowledgedNotStored: 0 });
  });

  it('an acknowledged message missing from the API is counted as not stored', () => {
    const verdict = judge(4, acks, stored.slice(1), report({ live: { m1: 1, m2: 1, m3: 1, m4: 1 } }));
    expect(verdict).toMatchObject({ stored: 3, acknowledgedNotStored: 1, lost: [] });
  });
});
