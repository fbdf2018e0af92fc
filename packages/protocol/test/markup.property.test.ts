import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkup } from '../src/markup.js';
import { messageEntitiesSchema } from '../src/markup-schema.js';
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
