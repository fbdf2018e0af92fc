import type { MessageEntity } from './markup-schema.js';
import { isSafeLinkUrl } from './markup-validate.js';

/**
 * The link a message is previewed by (issue 15): the first https link of its text, by position — a `[text](url)`
 * link (`text_link` entity) or a bare `https://…` typed in the text. Text inside `code` and `pre` is code, not a
 * link. The composer (on the parsed draft) and the server (on the stored message) both call this, so the card
 * shown while typing is the embed the message gets. null when there is none.
 */
export function firstPreviewLink(text: string, entities: readonly MessageEntity[]): string | null {
  let best: { offset: number; url: string } | null = null;
  for (const entity of entities) {
    if (entity.type !== 'text_link' || entity.url === undefined || !isHttps(entity.url)) continue;
    if (best === null || entity.offset < best.offset) best = { offset: entity.offset, url: entity.url };
  }
  const code = entities.filter((entity) => entity.type === 'code' || entity.type === 'pre');
  const linked = entities.filter((entity) => entity.type === 'text_link');
  BARE_URL.lastIndex = 0;
  for (let match = BARE_URL.exec(text); match !== null; match = BARE_URL.exec(text)) {
    const offset = match.index;
    if (best !== null && offset >= best.offset) break;
    // A bare URL inside code is code; inside a link's text it is that link's label, not a second link.
    if ([...code, ...linked].some((entity) => offset >= entity.offset && offset < entity.offset + entity.length)) {
      continue;
    }
    const url = trimTrailing(match[0]);
    if (isHttps(url)) {
      best = { offset, url };
      break;
    }
  }
  return best?.url ?? null;
}

/** `https://` up to whitespace or a character that never belongs to a pasted link. */
const BARE_URL = /https:\/\/[^\s<>"'`«»]+/giu;

/**
 * Sentence punctuation after a link is not part of it (`см. https://a.ru/x.`); a closing parenthesis is kept only
 * when the URL opened one (`…/wiki/Foo_(bar)`), as the markup parser's link rule does.
 */
function trimTrailing(url: string): string {
  let end = url.length;
  for (;;) {
    const last = url[end - 1];
    if (last === undefined) break;
    if ('.,;:!?…'.includes(last)) {
      end -= 1;
      continue;
    }
    if (')]}'.includes(last)) {
      const open = last === ')' ? '(' : last === ']' ? '[' : '{';
      const body = url.slice(0, end);
      if (count(body, open) < count(body, last)) {
        end -= 1;
        continue;
      }
    }
    break;
  }
  return url.slice(0, end);
}

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n += 1;
  return n;
}

function isHttps(url: string): boolean {
  return /^https:\/\//i.test(url) && isSafeLinkUrl(url);
}
