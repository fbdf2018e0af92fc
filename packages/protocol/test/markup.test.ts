import { describe, expect, it } from 'vitest';
import { parseMarkup } from '../src/markup.js';
import { validateEntities } from '../src/markup-validate.js';

/** Parses and returns each entity with the text it covers, which reads far better than bare offsets. */
function parsed(input: string) {
  const { text, entities } = parseMarkup(input);
  expect(validateEntities(text, entities)).toEqual({ ok: true });
  return {
    text,
    spans: entities.map((e) => {
      const covered = text.slice(e.offset, e.offset + e.length);
      const extra = e.url ?? e.language;
      return extra === undefined ? [e.type, covered] : [e.type, covered, extra];
    }),
  };
}

describe('parseMarkup: inline formatting', () => {
  it('parses bold and both italic spellings', () => {
    expect(parsed('**жирный** и *курсив* и _тоже_')).toEqual({
      text: 'жирный и курсив и тоже',
      spans: [
        ['bold', 'жирный'],
        ['italic', 'курсив'],
        ['italic', 'тоже'],
      ],
    });
  });

  it('nests bold and italic both ways, and *** as bold italic', () => {
    expect(parsed('*a **b** c*').spans).toEqual([
      ['italic', 'a b c'],
      ['bold', 'b'],
    ]);
    expect(parsed('**a *b* c**').spans).toEqual([
      ['bold', 'a b c'],
      ['italic', 'b'],
    ]);
    expect(parsed('**a _b_ c**').spans).toEqual([
      ['bold', 'a b c'],
      ['italic', 'b'],
    ]);
    expect(parsed('***x***')).toEqual({
      text: 'x',
      spans: [
        ['bold', 'x'],
        ['italic', 'x'],
      ],
    });
    expect(parsed('**bold *it***').spans).toEqual([
      ['bold', 'bold it'],
      ['italic', 'it'],
    ]);
  });

  it('handles adjacent spans', () => {
    // A run of four stars closes nothing, so only the outer pair counts.
    expect(parsed('**a****b**')).toEqual({ text: 'a****b', spans: [['bold', 'a****b']] });
    expect(parsed('**a** **b**_c_')).toEqual({
      text: 'a bc',
      spans: [
        ['bold', 'a'],
        ['bold', 'b'],
        ['italic', 'c'],
      ],
    });
  });

  it('leaves unclosed and empty markers literal', () => {
    for (const input of [
      '**open',
      '*open',
      '_open',
      'close**',
      '****',
      '**',
      '*',
      '__',
      '[text](',
      '[](https://a.ru)',
    ]) {
      expect(parsed(input)).toEqual({ text: input, spans: [] });
    }
    expect(parsed('**a *b**').spans).toEqual([['bold', 'a *b']]);
  });

  it('needs a non-space after an opener and before a closer', () => {
    for (const input of ['2 * 3 * 4', 'a ** b ** c', '** a**', '*a *', '_ a_']) {
      expect(parsed(input)).toEqual({ text: input, spans: [] });
    }
  });

  it('keeps snake_case and dunder names plain', () => {
    for (const input of ['foo_bar_baz', '__init__', 'snake_case_name и ещё_одно', 'file_1.txt_', 'a_б_в']) {
      expect(parsed(input)).toEqual({ text: input, spans: [] });
    }
    expect(parsed('(_вот_)').spans).toEqual([['italic', 'вот']]);
  });

  it('never nests an entity in its own kind', () => {
    expect(parsed('*a _b_ c*')).toEqual({ text: 'a _b_ c', spans: [['italic', 'a _b_ c']] });
  });
});

describe('parseMarkup: code', () => {
  it('parses inline code and keeps markup inside it literal', () => {
    expect(parsed('x `co**de** @nick [a](https://a.ru)` y')).toEqual({
      text: 'x co**de** @nick [a](https://a.ru) y',
      spans: [['code', 'co**de** @nick [a](https://a.ru)']],
    });
  });

  it('parses fenced blocks with and without a language', () => {
    expect(parsed('```ts\nconst a = 1;\n```\nпосле')).toEqual({
      text: 'const a = 1;\nпосле',
      spans: [['pre', 'const a = 1;', 'ts']],
    });
    expect(parsed('```\n**не жирный**\n```')).toEqual({ text: '**не жирный**', spans: [['pre', '**не жирный**']] });
    expect(parsed('до ```inline``` после')).toEqual({ text: 'до inline после', spans: [['pre', 'inline']] });
    expect(parsed('```c++\nint x;```').spans).toEqual([['pre', 'int x;', 'c++']]);
    // A first line that is not a language tag is content.
    expect(parsed('```two words\nx```').spans).toEqual([['pre', 'two words\nx']]);
  });

  it('leaves unclosed or empty code literal', () => {
    for (const input of ['`open', '``', '```', '```\n```', 'a ``` b', '```js\n', '````x````', '``a``']) {
      expect(parsed(input)).toEqual({ text: input, spans: [] });
    }
  });

  it('nests code in bold, italic and links, as Discord and Telegram do', () => {
    // Issue 12, bug 3: this rendered «**жирный код*, *курсив ссылка» with the markers left in.
    expect(parsed('**жирный `код`**, *курсив [ссылка](https://example.com/x)*')).toEqual({
      text: 'жирный код, курсив ссылка',
      spans: [
        ['bold', 'жирный код'],
        ['code', 'код'],
        ['italic', 'курсив ссылка'],
        ['text_link', 'ссылка', 'https://example.com/x'],
      ],
    });
    expect(parsed('**a `b` c**')).toEqual({
      text: 'a b c',
      spans: [
        ['bold', 'a b c'],
        ['code', 'b'],
      ],
    });
    expect(parsed('_a `b`_').spans).toEqual([
      ['italic', 'a b'],
      ['code', 'b'],
    ]);
    expect(parsed('***`x`***').spans).toEqual([
      ['bold', 'x'],
      ['italic', 'x'],
      ['code', 'x'],
    ]);
    expect(parsed('[`npm i`](https://a.ru)').spans).toEqual([
      ['text_link', 'npm i', 'https://a.ru'],
      ['code', 'npm i'],
    ]);
    expect(parsed('*см. ```\nx\n```*').spans).toEqual([
      ['italic', 'см. x'],
      ['pre', 'x'],
    ]);
    expect(parsed('**a** `b` **c**').spans).toEqual([
      ['bold', 'a'],
      ['code', 'b'],
      ['bold', 'c'],
    ]);
  });

  it('never takes a marker inside code for one outside it', () => {
    // The closer or the `]` inside the code span does not count; the ones after it do.
    expect(parsed('**a `b**` c**').spans).toEqual([
      ['bold', 'a b** c'],
      ['code', 'b**'],
    ]);
    expect(parsed('**a `b**`')).toEqual({ text: '**a b**', spans: [['code', 'b**']] });
    expect(parsed('[a `]`](https://a.ru)').spans).toEqual([
      ['text_link', 'a ]', 'https://a.ru'],
      ['code', ']'],
    ]);
    expect(parsed('_a `_` b_').spans).toEqual([
      ['italic', 'a _ b'],
      ['code', '_'],
    ]);
    // A URL is plain text: a code span starting in it means there is no link.
    expect(parsed('[a](https://a.ru/`x`)')).toEqual({ text: '[a](https://a.ru/x)', spans: [['code', 'x']] });
  });
});

describe('parseMarkup: links', () => {
  it('parses http and https links, with formatting inside and around', () => {
    expect(parsed('[сайт](https://beseda.example/path?q=1#x)')).toEqual({
      text: 'сайт',
      spans: [['text_link', 'сайт', 'https://beseda.example/path?q=1#x']],
    });
    expect(parsed('**[a *b*](http://x.ru)**').spans).toEqual([
      ['bold', 'a b'],
      ['text_link', 'a b', 'http://x.ru'],
      ['italic', 'b'],
    ]);
  });

  it('allows balanced parentheses in the URL', () => {
    expect(parsed('см. [Foo](https://en.wikipedia.org/wiki/Foo_(bar)).')).toEqual({
      text: 'см. Foo.',
      spans: [['text_link', 'Foo', 'https://en.wikipedia.org/wiki/Foo_(bar)']],
    });
  });

  it('keeps unsafe or malformed links literal', () => {
    for (const input of [
      '[x](javascript:alert(1))',
      '[x](JavaScript:alert(1))',
      '[x](data:text/html,<b>hi</b>)',
      '[x](ftp://a.ru)',
      '[x](//a.ru)',
      '[x](https://user:pw@a.ru)',
      '[x](https://a.ru/with space)',
      '[x](https://)',
      '[x] (https://a.ru)',
    ]) {
      expect(parsed(input)).toEqual({ text: input, spans: [] });
    }
  });

  it('ends the link text at the first ], so links never nest', () => {
    expect(parsed('[[a](https://b.ru)](https://c.ru)')).toEqual({
      text: '[a](https://c.ru)',
      spans: [['text_link', '[a', 'https://b.ru']],
    });
  });
});

describe('parseMarkup: mentions', () => {
  it('finds mentions of 3 to 32 word characters, the @ included', () => {
    expect(parsed('привет, @Иван_99 и @bob!')).toEqual({
      text: 'привет, @Иван_99 и @bob!',
      spans: [
        ['mention', '@Иван_99'],
        ['mention', '@bob'],
      ],
    });
    expect(parsed(`@${'a'.repeat(32)}`).spans).toHaveLength(1);
  });

  it('ignores e-mails, short and over-long names', () => {
    for (const input of ['a@b.ru', 'mail: ivan@example.com', '@ab', `@${'a'.repeat(33)}`, '@', '@ bob', 'x@bob']) {
      expect(parsed(input)).toEqual({ text: input, spans: [] });
    }
  });

  it('works inside bold, italic and links', () => {
    expect(parsed('**@bob** _@ann_ [@eve](https://a.ru)').spans).toEqual([
      ['bold', '@bob'],
      ['mention', '@bob'],
      ['italic', '@ann'],
      ['mention', '@ann'],
      ['text_link', '@eve', 'https://a.ru'],
      ['mention', '@eve'],
    ]);
  });
});

describe('parseMarkup: offsets are UTF-16 code units', () => {
  it('counts emoji as two units and Cyrillic as one', () => {
    const { text, entities } = parseMarkup('🙂👍🏽 **жир** @ник `код`');
    expect(text).toBe('🙂👍🏽 жир @ник код');
    expect(entities).toEqual([
      { type: 'bold', offset: 7, length: 3 },
      { type: 'mention', offset: 11, length: 4 },
      { type: 'code', offset: 16, length: 3 },
    ]);
  });

  it('covers emoji inside entities whole', () => {
    const { text, entities } = parseMarkup('*🙂*');
    expect(text).toBe('🙂');
    expect(entities).toEqual([{ type: 'italic', offset: 0, length: 2 }]);
  });

  it('replaces lone surrogates so no boundary can split a pair', () => {
    const { text, entities } = parseMarkup('a\ud83d**\ude00x**');
    expect(text).toBe('a\ufffd\ufffdx');
    expect(entities).toEqual([{ type: 'bold', offset: 2, length: 2 }]);
  });
});

describe('parseMarkup: hostile text', () => {
  it('keeps HTML as plain text', () => {
    const input = '<img src=x onerror=alert(1)> <script>alert(1)</script>';
    expect(parsed(input)).toEqual({ text: input, spans: [] });
  });

  it('preserves newlines and whitespace', () => {
    expect(parsed('  a\n\n  **b**\r\n\t')).toEqual({ text: '  a\n\n  b\r\n\t', spans: [['bold', 'b']] });
  });
});
