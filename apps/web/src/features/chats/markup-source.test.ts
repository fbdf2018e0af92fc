import { describe, expect, it } from 'vitest';
import { parseMarkup } from '@beseda/protocol/markup';
import { toMarkupSource } from './markup-source';

const samples = [
  'plain text',
  '**bold** and *italic* and `code`',
  'a [link](https://example.com/a_(b)) here',
  'hi @anna_k, ***both*** ok',
  '**bold with *italic* inside**',
  '```ts\nconst a = 1;\n```',
  'before\n```\nx\n```\nafter',
  '[**bold link**](https://example.com)',
  '**жирный `код`**, *курсив [ссылка](https://example.com/x)*',
  '[`code link`](https://example.com)',
  '***`x`***',
];

describe('toMarkupSource', () => {
  it.each(samples)('round-trips %j through parseMarkup', (input) => {
    const parsed = parseMarkup(input);
    expect(parseMarkup(toMarkupSource(parsed.text, parsed.entities))).toEqual(parsed);
  });

  it('leaves text without entities alone', () => {
    expect(toMarkupSource('<img src=x onerror=alert(1)>', [])).toBe('<img src=x onerror=alert(1)>');
  });
});
