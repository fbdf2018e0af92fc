import { describe, expect, it } from 'vitest';
import type { MessagePreview } from '@beseda/protocol/chats';
import { describePreview, formatClock, formatDateTime, PREVIEW_MAX_LENGTH } from './message-text';

function preview(content: string, senderId: string | null = 'u2', extra: Partial<MessagePreview> = {}): MessagePreview {
  return { id: 'm1', content, kind: 'TEXT', system: null, senderId, createdAt: '2025-03-05T10:00:00.000Z', ...extra };
}

describe('describePreview', () => {
  it('flattens line breaks and marks own messages', () => {
    expect(describePreview(preview('a\n\n  b\tc', 'me'), 'me')).toEqual({ kind: 'text', own: true, text: 'a b c' });
    expect(describePreview(preview('hi'), 'me')).toEqual({ kind: 'text', own: false, text: 'hi' });
  });

  it('drops bidi override and isolate controls', () => {
    expect(describePreview(preview('\u202egnp.exe\u202c \u2067x\u2069'), 'me')).toEqual({
      kind: 'text',
      own: false,
      text: 'gnp.exe x',
    });
  });

  it('cuts long text with an ellipsis', () => {
    const parts = describePreview(preview('x'.repeat(200)), 'me');
    expect(parts.kind === 'text' && parts.text.length).toBe(PREVIEW_MAX_LENGTH);
    expect(parts.kind === 'text' && parts.text.endsWith('…')).toBe(true);
  });

  it('hands system messages over for the catalogue, and says none for an empty chat', () => {
    expect(describePreview(preview('', null, { kind: 'SYSTEM', system: { key: 'welcome' } }), 'me')).toEqual({
      kind: 'system',
      system: { key: 'welcome' },
    });
    expect(describePreview(null, 'me')).toEqual({ kind: 'none' });
  });
});

describe('formatClock / formatDateTime', () => {
  it('uses local time with zero padding', () => {
    const iso = new Date(2025, 2, 5, 9, 7).toISOString();
    expect(formatClock(iso)).toBe('09:07');
    expect(formatDateTime(iso)).toBe('05.03.2025, 09:07');
  });

  it('survives garbage', () => {
    expect(formatClock('nope')).toBe('');
    expect(formatDateTime('nope')).toBe('nope');
  });
});
