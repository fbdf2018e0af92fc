import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_ENTITIES, messageEntitiesSchema, type MessageEntity } from '../src/markup-schema.js';
import { isSafeLinkUrl, validateEntities } from '../src/markup-validate.js';

const TEXT = 'привет @bob, смотри сайт и код 🙂!';
const at = (part: string) => TEXT.indexOf(part);

function rejection(entities: MessageEntity[], text = TEXT) {
  const result = validateEntities(text, entities);
  return result.ok ? null : result.reason;
}

describe('validateEntities', () => {
  it('accepts a well-formed, nested list', () => {
    const entities: MessageEntity[] = [
      { type: 'bold', offset: 0, length: TEXT.length },
      { type: 'mention', offset: at('@bob'), length: 4 },
      { type: 'text_link', offset: at('сайт'), length: 4, url: 'https://beseda.example/a?b=1' },
      { type: 'italic', offset: at('сайт'), length: 4 },
      { type: 'code', offset: at('код'), length: 3 },
      { type: 'code', offset: at('сайт'), length: 4 },
    ];
    expect(validateEntities(TEXT, entities)).toEqual({ ok: true });
    expect(validateEntities(TEXT, [])).toEqual({ ok: true });
  });

  it('rejects entities out of bounds or empty', () => {
    expect(rejection([{ type: 'bold', offset: 0, length: TEXT.length + 1 }])).toBe('out_of_bounds');
    expect(rejection([{ type: 'bold', offset: -1, length: 2 }])).toBe('out_of_bounds');
    expect(rejection([{ type: 'bold', offset: 2, length: 0 }])).toBe('out_of_bounds');
    expect(rejection([{ type: 'bold', offset: 1.5, length: 1 }])).toBe('out_of_bounds');
    expect(rejection([{ type: 'bold', offset: 0, length: 1 }], '')).toBe('out_of_bounds');
  });

  it('rejects a boundary inside a surrogate pair', () => {
    const emoji = at('🙂');
    expect(rejection([{ type: 'bold', offset: emoji, length: 1 }])).toBe('splits_surrogate_pair');
    expect(rejection([{ type: 'bold', offset: emoji + 1, length: 1 }])).toBe('splits_surrogate_pair');
    expect(rejection([{ type: 'bold', offset: emoji, length: 2 }])).toBeNull();
  });

  it('rejects unknown types', () => {
    const entity = { type: 'strike', offset: 0, length: 1 } as unknown as MessageEntity;
    expect(validateEntities(TEXT, [{ type: 'bold', offset: 0, length: 1 }, entity])).toEqual({
      ok: false,
      reason: 'unknown_type',
      index: 1,
    });
  });

  it('requires a url on text_link and only there', () => {
    expect(rejection([{ type: 'text_link', offset: 0, length: 3 }])).toBe('url_missing');
    expect(rejection([{ type: 'bold', offset: 0, length: 3, url: 'https://a.ru' }])).toBe('url_not_allowed');
    expect(rejection([{ type: 'text_link', offset: 0, length: 3, url: 'javascript:alert(1)' }])).toBe('unsafe_url');
  });

  it('allows a language on pre only', () => {
    expect(rejection([{ type: 'pre', offset: 0, length: 3, language: 'ts' }])).toBeNull();
    expect(rejection([{ type: 'code', offset: 0, length: 3, language: 'ts' }])).toBe('language_not_allowed');
    expect(rejection([{ type: 'pre', offset: 0, length: 3, language: 'a b' }])).toBe('bad_language');
  });

  it('checks the text under a mention', () => {
    expect(rejection([{ type: 'mention', offset: at('@bob'), length: 4 }])).toBeNull();
    expect(rejection([{ type: 'mention', offset: at('@bob'), length: 3 }])).toBe('bad_mention');
    expect(rejection([{ type: 'mention', offset: at('bob'), length: 3 }])).toBe('bad_mention');
    expect(rejection([{ type: 'mention', offset: at('@bob'), length: 5 }])).toBe('bad_mention');
  });

  it('lets code nest in other entities, but nothing in code and nothing cross it', () => {
    const code = { type: 'code', offset: at('код'), length: 3 } as const;
    expect(rejection([code, { type: 'bold', offset: 0, length: TEXT.length }])).toBeNull();
    // Over one range, code is the inner one whatever the order of the list.
    expect(rejection([code, { ...code, type: 'text_link', url: 'https://a.ru' }])).toBeNull();
    expect(rejection([{ ...code, type: 'italic' }, code])).toBeNull();
    expect(rejection([code, { type: 'italic', offset: at('код') + 1, length: 1 }])).toBe('code_overlap');
    expect(rejection([code, { type: 'mention', offset: at('@bob'), length: 4 }])).toBeNull();
    expect(rejection([code, { type: 'bold', offset: 0, length: at('код') + 1 }])).toBe('code_overlap');
    expect(rejection([code, { type: 'bold', offset: at('код') + 1, length: 5 }])).toBe('code_overlap');
    expect(
      rejection([
        { type: 'pre', offset: 0, length: 5 },
        { ...code, offset: 4 },
      ]),
    ).toBe('code_overlap');
    expect(rejection([code, { ...code, type: 'pre' }])).toBe('code_overlap');
    expect(rejection([code, { type: 'bold', offset: 0, length: at('код') }])).toBeNull();
  });

  it('rejects crossing and duplicate entities, allows nesting and equal ranges of different kinds', () => {
    expect(
      rejection([
        { type: 'bold', offset: 0, length: 5 },
        { type: 'italic', offset: 3, length: 5 },
      ]),
    ).toBe('partial_overlap');
    expect(
      rejection([
        { type: 'bold', offset: 0, length: 5 },
        { type: 'bold', offset: 0, length: 5 },
      ]),
    ).toBe('duplicate');
    expect(
      rejection([
        { type: 'italic', offset: 0, length: 5 },
        { type: 'bold', offset: 0, length: 5 },
        { type: 'text_link', offset: 1, length: 2, url: 'https://a.ru' },
      ]),
    ).toBeNull();
  });

  it('caps the number of entities', () => {
    const many = Array.from({ length: MAX_MESSAGE_ENTITIES + 1 }, (_, i) => ({
      type: 'bold' as const,
      offset: i,
      length: 1,
    }));
    const text = 'x'.repeat(many.length);
    expect(rejection(many, text)).toBe('too_many');
    expect(messageEntitiesSchema.safeParse(many).success).toBe(false);
    expect(rejection(many.slice(1), text)).toBeNull();
  });
});

describe('isSafeLinkUrl', () => {
  it('accepts absolute http and https URLs', () => {
    for (const url of ['http://a.ru', 'https://a.ru/path?q=1#f', 'HTTPS://Beseda.Example', 'https://пример.рф/путь']) {
      expect(isSafeLinkUrl(url)).toBe(true);
    }
  });

  it('rejects other schemes, credentials, controls and spoofing characters', () => {
    for (const url of [
      '',
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      'file:///etc/passwd',
      'ftp://a.ru',
      '//a.ru',
      '/relative',
      'https://',
      'https://user@a.ru',
      'https://user:pw@a.ru',
      'https://a.ru/\u0000',
      'https://a.ru/\n',
      'https://a.ru/ x',
      'https://a.ru/\u202egnp.exe',
      'https://a\u200b.ru',
      `https://a.ru/${'x'.repeat(2048)}`,
    ]) {
      expect(isSafeLinkUrl(url), url).toBe(false);
    }
  });
});
