import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseMarkup } from '@beseda/protocol/markup';
import type { MessageEntity } from '@beseda/protocol/markup-schema';
import { stripBidiControls } from '@beseda/protocol/validation';
import styles from './markup.module.css';
import { MessageMarkup } from './message-markup';
import { renderMessage } from './render-entities';

function html(text: string, entities: MessageEntity[] = []): string {
  return renderToStaticMarkup(<>{renderMessage(text, entities)}</>);
}

/** Renders what a user typed, through the same parser the composer uses. */
function typed(input: string): string {
  const { text, entities } = parseMarkup(input);
  return html(text, entities);
}

const cls = (name: string) => `class="${styles[name] ?? ''}"`;

describe('renderMessage', () => {
  it('renders plain text as text', () => {
    expect(html('привет, мир')).toBe('привет, мир');
    expect(html('')).toBe('');
  });

  it('renders every entity kind as its element', () => {
    expect(typed('**ж** *к* `c`')).toBe(`<strong>ж</strong> <em>к</em> <code ${cls('code')}>c</code>`);
    expect(typed('```ts\nlet a;\n```')).toBe(`<pre ${cls('pre')}><code data-language="ts">let a;</code></pre>`);
    expect(typed('[сайт](https://a.ru/x?y=1&z=2)')).toBe(
      `<a ${cls('link')} href="https://a.ru/x?y=1&amp;z=2" title="https://a.ru/x?y=1&amp;z=2" target="_blank" ` +
        `rel="noopener noreferrer nofollow">сайт</a>`,
    );
    expect(typed('hi @bob')).toBe(`hi <span ${cls('mention')} data-nickname="bob">@bob</span>`);
  });

  it('nests entities as a tree', () => {
    expect(typed('**a *b [c @ann](https://a.ru)* d**')).toBe(
      '<strong>a <em>b <a ' +
        `${cls('link')} href="https://a.ru" title="https://a.ru" target="_blank" rel="noopener noreferrer nofollow">` +
        `c <span ${cls('mention')} data-nickname="ann">@ann</span></a></em> d</strong>`,
    );
    expect(typed('***x***')).toBe('<strong><em>x</em></strong>');
  });

  it('renders code inside bold, italic and links (issue 12, bug 3)', () => {
    const link = `${cls('link')} href="https://example.com/x" title="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow"`;
    expect(typed('**жирный `код`**, *курсив [ссылка](https://example.com/x)*')).toBe(
      `<strong>жирный <code ${cls('code')}>код</code></strong>, <em>курсив <a ${link}>ссылка</a></em>`,
    );
    expect(typed('[`x`](https://example.com/x)')).toBe(`<a ${link}><code ${cls('code')}>x</code></a>`);
  });

  it('slices by UTF-16 offsets around emoji and Cyrillic', () => {
    expect(typed('🙂👍🏽 **жир** 🙂')).toBe('🙂👍🏽 <strong>жир</strong> 🙂');
  });

  it('escapes HTML typed in a message', () => {
    const out = typed('<img src=x onerror=alert(1)> **<b>x</b>**');
    expect(out).toBe('&lt;img src=x onerror=alert(1)&gt; <strong>&lt;b&gt;x&lt;/b&gt;</strong>');
    expect(out).not.toContain('<img');
  });

  it('never links an unsafe URL, even if the server sent one', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'https://u:p@a.ru', 'java\tscript:alert(1)']) {
      const out = html('click', [{ type: 'text_link', offset: 0, length: 5, url }]);
      expect(out).toBe('<span>click</span>');
      expect(out).not.toContain('href');
    }
    expect(html('click', [{ type: 'text_link', offset: 0, length: 5 }])).toBe('<span>click</span>');
  });

  it('drops broken entities but keeps their text', () => {
    const text = 'abcdef🙂';
    expect(
      html(text, [
        { type: 'bold', offset: 0, length: 4 },
        { type: 'italic', offset: 2, length: 4 }, // crosses the bold
        { type: 'bold', offset: 5, length: 99 }, // out of bounds
        { type: 'italic', offset: 7, length: 1 }, // splits the emoji
        { type: 'strike', offset: 4, length: 1 } as unknown as MessageEntity,
      ]),
    ).toBe('<strong>abcd</strong>ef🙂');
    expect(
      html('code', [
        { type: 'code', offset: 0, length: 4 },
        { type: 'bold', offset: 1, length: 2 },
      ]),
    ).toBe(`<code ${cls('code')}>code</code>`);
  });

  it('makes mentions clickable only with a handler', () => {
    const { text, entities } = parseMarkup('@Иван_99');
    const clicked: string[] = [];
    const [node] = renderMessage(text, entities, { onMentionClick: (nick) => clicked.push(nick) });
    expect(renderToStaticMarkup(<>{node}</>)).toBe(
      `<span ${cls('mention')} data-nickname="Иван_99" role="button" tabindex="0">@Иван_99</span>`,
    );
    const props = (node as { props: { onClick: () => void } }).props;
    props.onClick();
    expect(clicked).toEqual(['Иван_99']);
  });
});

describe('MessageMarkup', () => {
  it('wraps the message in a pre-wrap block that keeps line breaks', () => {
    const out = renderToStaticMarkup(<MessageMarkup text={'a\n\n  b'} entities={[]} />);
    expect(out).toBe(`<div ${cls('markup')}>a\n\n  b</div>`);
  });
});

describe('bidi controls in messages', () => {
  const RLO = '\u202e';
  const PDF = '\u202c';
  const ISOLATES = '\u2066\u2067\u2068\u2069';

  it('leaves embedding, override and isolate controls out of the shown text', () => {
    expect(html(`смотри ${RLO}gnp.exe${PDF} ок`)).toBe('смотри gnp.exe ок');
    expect(html(`a${ISOLATES}b\u202a\u202b\u202dc`)).toBe('abc');
    // Right-to-left letters and the weak marks stay: only the reordering controls go.
    expect(html('שלום \u200fמה')).toBe('שלום \u200fמה');
  });

  it('keeps entities on the right text when controls precede them, in code too', () => {
    const text = `${RLO}x **b** \`${RLO}c\``;
    expect(typed(text)).toBe(`x <strong>b</strong> <code ${cls('code')}>c</code>`);
    // Offsets count the controls: «BB» is at 4 in the stored text.
    const entities: MessageEntity[] = [{ type: 'bold', offset: 4, length: 2 }];
    expect(html(`${RLO}${RLO}aaBBcc`, entities)).toBe('aa<strong>BB</strong>cc');
  });

  it('isolates the message block, so nothing in it reorders the text around it', () => {
    // Vitest does not load CSS, so the rule is read from the stylesheet itself.
    const css = readFileSync(new URL('./markup.module.css', import.meta.url), 'utf8');
    const rule = /\.markup\s*\{[^}]*\}/.exec(css)?.[0] ?? '';
    expect(rule).toContain('unicode-bidi: isolate');
  });
});

describe('renderMessage properties', () => {
  const piece = fc.constantFrom(
    '*',
    '**',
    '_',
    '`',
    '```',
    '[x](https://a.ru)',
    '**a `b`**',
    '*a [b](https://a.ru)*',
    '[`c`](https://a.ru)',
    '@bob',
    '<img src=x>',
    '&',
    '"',
    ' ',
    '\n',
    'ж',
    '🙂',
    // Bidi override and isolate controls are left out of what is shown (render-entities.tsx).
    '\u202e',
    '\u2066',
  );
  const input = fc.oneof(
    fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join('')),
    fc.string({ unit: 'binary', maxLength: 80 }),
  );
  const ESCAPES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&amp;': '&' };

  it('shows exactly the message text but its bidi controls, with markup only as elements', () => {
    fc.assert(
      fc.property(input, (typedText) => {
        const { text, entities } = parseMarkup(typedText);
        const out = html(text, entities);
        expect(out).not.toMatch(/<(?!\/?(strong|em|code|pre|a|span)[ >])/);
        const shown = out.replace(/<[^>]*>/g, '').replace(/&(lt|gt|quot|#x27|amp);/g, (m) => ESCAPES[m] ?? m);
        expect(shown).toBe(stripBidiControls(text));
      }),
      { numRuns: 500 },
    );
  });
});
