import { describe, expect, it } from 'vitest';
import { firstPreviewLink } from '../src/link-finder.js';
import { parseMarkup } from '../src/markup.js';

const first = (draft: string): string | null => {
  const { text, entities } = parseMarkup(draft);
  return firstPreviewLink(text, entities);
};

describe('firstPreviewLink', () => {
  it('finds a bare https link and drops the sentence punctuation after it', () => {
    expect(first('смотри https://news.example.test/today.')).toBe('https://news.example.test/today');
    expect(first('(см. https://a.ru/x), ладно')).toBe('https://a.ru/x');
    expect(first('https://ru.wikipedia.org/wiki/Foo_(bar)!')).toBe('https://ru.wikipedia.org/wiki/Foo_(bar)');
    expect(first('«https://a.ru/б»')).toBe('https://a.ru/б');
  });

  it('takes a [text](url) link by its position, whichever comes first', () => {
    expect(first('[сайт](https://a.ru/1) и https://b.ru/2')).toBe('https://a.ru/1');
    expect(first('https://b.ru/2 и [сайт](https://a.ru/1)')).toBe('https://b.ru/2');
  });

  it('skips http, unsafe links and links inside code', () => {
    expect(first('http://a.ru и `https://b.ru` и ```\nhttps://c.ru\n```')).toBeNull();
    expect(first('http://a.ru then https://d.ru')).toBe('https://d.ru');
    expect(first('https://user:pw@a.ru/ и https://ok.ru')).toBe('https://ok.ru');
    expect(first('[x](http://a.ru)')).toBeNull();
    expect(first('просто текст')).toBeNull();
  });

  it('reads a link label that is itself a URL as that one link', () => {
    expect(first('[https://label.ru](https://target.ru)')).toBe('https://target.ru');
  });
});
