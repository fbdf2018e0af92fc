import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkup } from '../src/markup.js';
import { compareEntities, messageEntitiesSchema, type MessageEntity } from '../src/markup-schema.js';
import { validateEntities } from '../src/markup-validate.js';

/** Every UTF-16 code unit, lone surrogates included: what a hostile or buggy client can put in JSON. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));
const anyUtf16 = fc.string({ unit: codeUnit, maxLength: 200 });
const anyUnicode = fc.string({ unit: 'binary', maxLength: 200 });

/** Markers, URLs, names and awkward characters glued at random: the inputs that exercise the grammar. */
const soupPiece = fc.constantFrom(
  '*',
  '**',
  '***',
  '_',
  '__',
  '`',
  '```',
  '```ts\n',
  '[',
  ']',
  '(',
  ')',
  '](',
  '](https://a.ru)',
  '[x](https://a.ru)',
  '**a**',
  '**a `b`**',
  '*a [b](https://a.ru)*',
  '[`c`](https://a.ru)',
  '`**`',
  '`]`',
  'https://a.ru',
  'http://b.example/x_(y)',
  'javascript:alert(1)',
  '@',
  '@bob',
  '@Иван_99',
  'a@b.ru',
  'foo_bar',
  ' ',
  '\n',
  'a',
  'жир',
  '🙂',
  '\ud83d',
  '\ude00',
  '<img src=x onerror=alert(1)>',
);
const markerSoup = fc.array(soupPiece, { maxLength: 60 }).map((pieces) => pieces.join(''));
const anyInput = fc.oneof(anyUtf16, anyUnicode, markerSoup, markerSoup);

/** Text with none of the markup characters; only `@` may still start a mention. */
const MARKERS = /[*_`[\]()]/g;
const plainText = fc
  .oneof(fc.string({ unit: 'grapheme', maxLength: 100 }), fc.string({ unit: 'binary', maxLength: 100 }))
  .map((text) => text.replace(MARKERS, ''));

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const RUNS = { numRuns: 2000 };

/**
 * Well-formed nested markup as Discord and Telegram read it: a tree of bold, italic, links and code, written out
 * with markers, together with the text and entities it must parse to. Code bodies are full of markers, which must
 * stay literal and must not close anything outside the code.
 */
interface Written {
  src: string;
  text: string;
  entities: MessageEntity[];
}
interface Allowed {
  bold: boolean;
  italic: boolean;
  link: boolean;
}

const wordChar = fc.constantFrom('a', 'Z', '7', 'ж', 'Ё', '🙂', '.', ',', '!', '?');
const word = fc.string({ unit: wordChar, minLength: 1, maxLength: 4 }).map((w) => ({ src: w, text: w, entities: [] }));
const codeBody = fc.string({
  unit: fc.constantFrom('x', 'ж', ' ', '*', '**', '_', '[', ']', '(', ')', '@bob'),
  minLength: 1,
  maxLength: 6,
});
const code = codeBody
  .filter((body) => body.trim() !== '')
  .map((body): Written => ({
    src: `\`${body}\``,
    text: body,
    entities: [{ type: 'code', offset: 0, length: body.length }],
  }));
const separator = fc.constantFrom(' ', ', ', ' и ', '\n');

function shift(entities: readonly MessageEntity[], by: number): MessageEntity[] {
  return entities.map((entity) => ({ ...entity, offset: entity.offset + by }));
}

function join(parts: readonly Written[], glue: readonly string[]): Written {
  let src = '';
  let text = '';
  const entities: MessageEntity[] = [];
  parts.forEach((part, index) => {
    const between = index === 0 ? '' : (glue[index - 1] ?? ' ');
    src += between + part.src;
    text += between;
    entities.push(...shift(part.entities, text.length));
    text += part.text;
  });
  return { src, text, entities };
}

function wrapIn(
  inner: Written,
  open: string,
  close: string,
  entity: Omit<MessageEntity, 'offset' | 'length'>,
): Written {
  return {
    src: open + inner.src + close,
    text: inner.text,
    entities: [{ ...entity, offset: 0, length: inner.text.length } as MessageEntity, ...inner.entities],
  };
}

const written: (allowed: Allowed, depth: number) => fc.Arbitrary<Written> = (allowed, depth) => {
  const inner = (next: Allowed): fc.Arbitrary<Written> => {
    // A star run at an edge of bold or italic content would read as a longer marker (`***x** y*`), so bold and
    // italic content begins and ends with a word, code or a link; inside, anything goes.
    const edge = fc.oneof(
      word,
      code,
      ...(next.link && depth > 0 ? [written({ ...next, bold: false, italic: false }, depth - 1)] : []),
    );
    const middle = depth > 0 ? fc.array(written(next, depth - 1), { maxLength: 2 }) : fc.constant([]);
    return fc
      .tuple(edge, middle, edge, fc.array(separator, { minLength: 4, maxLength: 4 }), fc.boolean())
      .map(([first, rest, last, glue, single]) => (single ? first : join([first, ...rest, last], glue)));
  };
  const options: fc.Arbitrary<Written>[] = [word, code];
  if (depth > 0 && allowed.bold) {
    options.push(inner({ ...allowed, bold: false }).map((w) => wrapIn(w, '**', '**', { type: 'bold' })));
  }
  if (depth > 0 && allowed.italic) {
    options.push(inner({ ...allowed, italic: false }).map((w) => wrapIn(w, '*', '*', { type: 'italic' })));
  }
  if (depth > 0 && allowed.link) {
    const url = fc.constantFrom('https://example.com/x', 'http://a.ru/wiki/Foo_(bar)', 'https://b.example/?q=1#top');
    options.push(
      fc
        .tuple(inner({ ...allowed, link: false }), url)
        .map(([w, href]) => wrapIn(w, '[', `](${href})`, { type: 'text_link', url: href })),
    );
  }
  return fc.oneof(...options);
};

const nestedMarkup = fc
  .tuple(
    fc.array(written({ bold: true, italic: true, link: true }, 3), { minLength: 1, maxLength: 4 }),
    fc.array(separator, { minLength: 3, maxLength: 3 }),
  )
  .map(([parts, glue]) => join(parts, glue));

describe('parseMarkup properties', () => {
  it('never throws, and every entity is valid and inside the text', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const { text, entities } = parseMarkup(input);
        expect(text.length).toBeLessThanOrEqual(input.length);
        for (const entity of entities) {
          expect(entity.offset).toBeGreaterThanOrEqual(0);
          expect(entity.length).toBeGreaterThan(0);
          expect(entity.offset + entity.length).toBeLessThanOrEqual(text.length);
        }
        expect(validateEntities(text, entities)).toEqual({ ok: true });
      }),
      RUNS,
    );
  });

  it('produces lists the wire schema accepts', () => {
    fc.assert(
      fc.property(markerSoup, (input) => {
        expect(messageEntitiesSchema.safeParse(parseMarkup(input).entities).success).toBe(true);
      }),
      RUNS,
    );
  });

  it('is deterministic and returns well-formed text', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const first = parseMarkup(input);
        expect(parseMarkup(input)).toEqual(first);
        expect(first.text).not.toMatch(LONE_SURROGATE);
      }),
      RUNS,
    );
  });

  it('returns text without markers unchanged, with mentions as the only entities', () => {
    fc.assert(
      fc.property(plainText, (input) => {
        const { text, entities } = parseMarkup(input);
        expect(text).toBe(input);
        expect(entities.every((entity) => entity.type === 'mention')).toBe(true);
      }),
      RUNS,
    );
  });

  it('keeps code content verbatim, whatever it contains', () => {
    const codeBody = fc.string({ unit: 'binary', maxLength: 80 }).filter((s) => s.length > 0 && !s.includes('`'));
    fc.assert(
      fc.property(codeBody, (body) => {
        const { text, entities } = parseMarkup(`x \`${body}\` y`);
        expect(text).toBe(`x ${body} y`);
        expect(entities).toEqual([{ type: 'code', offset: 2, length: body.length }]);
      }),
      RUNS,
    );
  });

  it('reads nested bold, italic, links and code as written, markers gone', () => {
    fc.assert(
      fc.property(nestedMarkup, ({ src, text, entities }) => {
        expect(parseMarkup(src)).toEqual({ text, entities: [...entities].sort(compareEntities) });
        expect(validateEntities(text, entities)).toEqual({ ok: true });
      }),
      RUNS,
    );
  });

  it('stays fast on long hostile input', () => {
    // Closers are looked up in precomputed tables, so unmatched openers cost O(1), not a rescan of the rest.
    // Locally the whole loop takes well under 100 ms; the bound leaves room for a busy CI machine.
    const started = performance.now();
    for (const unit of ['*a ', '_a ', '[a](', '[a]((((', '`', '```', '**a *b ', '@bob_']) {
      parseMarkup(unit.repeat(Math.ceil(4000 / unit.length)).slice(0, 4000));
    }
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
