import { CODE_LANGUAGE_PATTERN, compareEntities, MAX_LINK_URL_LENGTH, type MessageEntity } from './markup-schema.js';
import { isSafeLinkUrl } from './markup-validate.js';
import { NICKNAME_PATTERN } from './validation.js';

/**
 * Message markup: what the user types → plain text + entities (spec §1, §3 "Message entity", §5 "Mention").
 * The client parses before sending; the server stores `text` and `entities` after `validateEntities`; the client
 * renders entities to React elements. Nobody ever stores or renders the typed markers themselves.
 *
 * Grammar, in order of precedence (markers are removed from the text, their content stays):
 *
 * 1. Code, found first, in one left-to-right pass; nothing inside is markup, and nothing nests inside it. Code
 *    nests inside bold, italic and links (`**жирный `код`**`, as in Discord and Telegram): a code span is one
 *    opaque unit of the text around it, so no marker inside it can open or close anything outside it.
 *    - ```` ```lang⏎code``` ```` → `pre` with `language` (`lang` matches `CODE_LANGUAGE_PATTERN`), or
 *      ```` ```⏎code``` ```` / ```` ```code``` ```` without. One newline right before the closing fence is
 *      dropped, so the fence can sit on its own line.
 *    - `` `code` `` → `code`.
 *    A fence is exactly three backticks, inline code one; other runs, openers without a closer and empty code
 *    stay literal.
 * 2. Around code spans, inline markup, which nests (bold in italic in a link…) and may contain whole code spans:
 *    - `**bold**`; `*italic*` and `_italic_`. An opener is followed by a non-space, a closer preceded by one, so
 *      `2 * 3 * 4` stays plain. `_` only counts at a word edge, so `foo_bar_baz` and `__init__` stay plain.
 *      `***x***` is bold italic; a run of `***` closes italic, then bold. An entity never nests in its own kind.
 *    - `[text](url)` → `text_link` when `url` is http(s) and passes `isSafeLinkUrl`; balanced parentheses are
 *      allowed inside the URL (`…/wiki/Foo_(bar)`). Anything else, `javascript:` included, stays literal.
 *    - `@nick` → `mention` (the `@` included): `@` not preceded by a letter, digit or `_` in the resulting text,
 *      then a maximal run of 3–32 letters, digits or `_` (`NICKNAME_PATTERN`). So `a@b.ru` is not a mention.
 *    Markers without a matching closer stay literal. There are no escapes.
 *
 * Offsets and lengths count UTF-16 code units of the resulting text, i.e. JavaScript string indices, like
 * Telegram's API: `text.slice(offset, offset + length)` is the covered text. Lone surrogates in the input are
 * replaced by U+FFFD first, so the text is well-formed and no boundary can fall inside a surrogate pair.
 */

export interface ParsedMarkup {
  text: string;
  entities: MessageEntity[];
}

interface Active {
  bold: boolean;
  italic: boolean;
  link: boolean;
}

interface Context {
  src: string;
  out: string;
  entities: MessageEntity[];
  /** For each index, the first closing-marker candidate at or after it (−1 if none); built once, O(n). */
  nextBoldCloser: Int32Array;
  nextStarCloser: Int32Array;
  nextUnderscoreCloser: Int32Array;
  /** Likewise for a link text's `]`, outside code. */
  nextLinkTextEnd: Int32Array;
  /** The code span starting at each index; markers inside a span are never candidates above. */
  codeAt: Map<number, CodeSpan>;
  /** For each index, the start of the first code span at or after it (−1 if none): a URL must not reach one. */
  nextCodeStart: Int32Array;
}

interface CodeSpan {
  end: number;
  contentStart: number;
  contentEnd: number;
  type: 'code' | 'pre';
  language?: string;
}

const FENCE = '```';
const WORD_CHAR = /^[\p{L}\p{N}_]$/u;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function isSpace(char: string | undefined): boolean {
  return char === undefined || /\s/.test(char);
}

function isWordCodePoint(codePoint: number | undefined): boolean {
  return codePoint !== undefined && WORD_CHAR.test(String.fromCodePoint(codePoint));
}

function codePointBefore(text: string, index: number): number | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(index - 2);
  }
  return low;
}

/** Turns per-index flags into "first flagged index at or after i" (−1 if none). */
function nextFlagged(flags: Uint8Array): Int32Array {
  const next = new Int32Array(flags.length + 1).fill(-1);
  for (let i = flags.length - 1; i >= 0; i--) next[i] = flags[i] ? i : (next[i + 1] as number);
  return next;
}

/**
 * Closers are decided per run of `*`: the run must follow a non-space, and then `*` closes italic, `**` closes
 * bold, `***` closes italic then bold; longer runs close nothing (they are ambiguous, so they stay literal).
 */
function buildContext(src: string, codeAt: Map<number, CodeSpan>): Context {
  const star = new Uint8Array(src.length);
  const boldFlags = new Uint8Array(src.length);
  const underscore = new Uint8Array(src.length);
  const linkTextEnd = new Uint8Array(src.length);
  const codeStart = new Uint8Array(src.length);
  const inCode = new Uint8Array(src.length);
  for (const [start, span] of codeAt) {
    codeStart[start] = 1;
    inCode.fill(1, start, span.end);
  }
  for (let i = 0; i < src.length;) {
    if (src[i] !== '*' || inCode[i]) {
      if (src[i] === ']' && !inCode[i]) linkTextEnd[i] = 1;
      i++;
      continue;
    }
    let runEnd = i;
    while (src[runEnd] === '*' && !inCode[runEnd]) runEnd++;
    if (i > 0 && !isSpace(src[i - 1])) {
      const run = runEnd - i;
      if (run === 1 || run === 3) star[i] = 1;
      if (run === 2) boldFlags[i] = 1;
      if (run === 3) boldFlags[i + 1] = 1;
    }
    i = runEnd;
  }
  for (let i = 1; i < src.length; i++) {
    const before = src[i - 1];
    if (inCode[i]) continue;
    if (src[i] === '_' && before !== '_' && !isSpace(before) && !isWordCodePoint(src.codePointAt(i + 1))) {
      underscore[i] = 1;
    }
  }
  return {
    src,
    out: '',
    entities: [],
    nextStarCloser: nextFlagged(star),
    nextBoldCloser: nextFlagged(boldFlags),
    nextUnderscoreCloser: nextFlagged(underscore),
    nextLinkTextEnd: nextFlagged(linkTextEnd),
    codeAt,
    nextCodeStart: nextFlagged(codeStart),
  };
}

/**
 * Parses `src[start, end)` as the content of an entity and records it; undoes everything if the content came out
 * empty (cannot happen with the rules above, but an empty entity must never escape).
 */
function wrap(
  ctx: Context,
  start: number,
  end: number,
  active: Active,
  make: (offset: number, length: number) => MessageEntity,
): boolean {
  const offset = ctx.out.length;
  const entityCount = ctx.entities.length;
  parseInline(ctx, start, end, active);
  const length = ctx.out.length - offset;
  if (length === 0) {
    ctx.out = ctx.out.slice(0, offset);
    ctx.entities.length = entityCount;
    return false;
  }
  ctx.entities.push(make(offset, length));
  return true;
}

function closerWithin(next: Int32Array, from: number, width: number, end: number): number {
  if (from >= end) return -1;
  const closer = next[from] ?? -1;
  return closer !== -1 && closer + width <= end ? closer : -1;
}

/** Returns the index after the construct that starts at `i`, or −1 if none does (the char is then literal). */
function parseConstruct(ctx: Context, i: number, end: number, active: Active): number {
  const { src } = ctx;
  const char = src[i];
  if (char === '*') {
    if (src[i + 1] === '*' && !active.bold && !isSpace(src[i + 2])) {
      const closer = closerWithin(ctx.nextBoldCloser, i + 3, 2, end);
      if (closer !== -1 && wrap(ctx, i + 2, closer, { ...active, bold: true }, bold)) {
        return closer + 2;
      }
    }
    if (!active.italic && src[i + 1] !== '*' && !isSpace(src[i + 1])) {
      const closer = closerWithin(ctx.nextStarCloser, i + 2, 1, end);
      if (closer !== -1 && wrap(ctx, i + 1, closer, { ...active, italic: true }, italic)) return closer + 1;
    }
    return -1;
  }
  if (char === '_') {
    const opens =
      !active.italic && !isWordCodePoint(codePointBefore(src, i)) && src[i + 1] !== '_' && !isSpace(src[i + 1]);
    if (!opens) return -1;
    const closer = closerWithin(ctx.nextUnderscoreCloser, i + 2, 1, end);
    if (closer !== -1 && wrap(ctx, i + 1, closer, { ...active, italic: true }, italic)) return closer + 1;
    return -1;
  }
  if (char === '[') return active.link ? -1 : parseLink(ctx, i, end, active);
  if (char === '@') return parseMention(ctx, i, end);
  return -1;
}

function bold(offset: number, length: number): MessageEntity {
  return { type: 'bold', offset, length };
}

function italic(offset: number, length: number): MessageEntity {
  return { type: 'italic', offset, length };
}

/** `[text](url)`: the text is the first `]`; the URL runs to the `)` that balances its own parentheses. */
function parseLink(ctx: Context, i: number, end: number, active: Active): number {
  const { src } = ctx;
  const close = ctx.nextLinkTextEnd[i + 1] ?? -1;
  if (close === -1 || close === i + 1 || close + 2 >= end || src[close + 1] !== '(') return -1;
  const urlStart = close + 2;
  // The URL is plain text: a code span starting inside it (a backtick in the URL) means this is no link.
  const codeStart = ctx.nextCodeStart[urlStart] ?? -1;
  const urlLimit = codeStart === -1 ? end : Math.min(end, codeStart);
  let depth = 0;
  let k = urlStart;
  for (; k < urlLimit && k - urlStart <= MAX_LINK_URL_LENGTH; k++) {
    const c = src[k];
    if (isSpace(c)) return -1;
    if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) break;
      depth--;
    }
  }
  if (k >= urlLimit || src[k] !== ')') return -1;
  const url = src.slice(urlStart, k);
  if (!isSafeLinkUrl(url)) return -1;
  const linked = wrap(ctx, i + 1, close, { ...active, link: true }, (offset, length) => ({
    type: 'text_link',
    offset,
    length,
    url,
  }));
  return linked ? k + 1 : -1;
}

function parseMention(ctx: Context, i: number, end: number): number {
  const { src } = ctx;
  if (isWordCodePoint(codePointBefore(ctx.out, ctx.out.length))) return -1;
  let k = i + 1;
  while (k < end) {
    const codePoint = src.codePointAt(k);
    if (!isWordCodePoint(codePoint)) break;
    k += (codePoint as number) > 0xffff ? 2 : 1;
  }
  if (k > end || !NICKNAME_PATTERN.test(src.slice(i + 1, k))) return -1;
  const offset = ctx.out.length;
  ctx.out += src.slice(i, k);
  ctx.entities.push({ type: 'mention', offset, length: k - i });
  return k;
}

function parseInline(ctx: Context, start: number, end: number, active: Active): void {
  const { src } = ctx;
  let literalFrom = start;
  let i = start;
  while (i < end) {
    const char = src[i];
    const span = char === '`' ? ctx.codeAt.get(i) : undefined;
    if (span) {
      ctx.out += src.slice(literalFrom, i);
      appendCode(ctx, span);
      i = span.end;
      literalFrom = i;
      continue;
    }
    if (char === '*' || char === '_' || char === '[' || char === '@') {
      // Flush first: mentions look at the output so far, and constructs append to it.
      ctx.out += src.slice(literalFrom, i);
      literalFrom = i;
      const after = parseConstruct(ctx, i, end, active);
      if (after !== -1) {
        i = after;
        literalFrom = after;
        continue;
      }
    }
    i++;
  }
  ctx.out += src.slice(literalFrom, end);
}

function appendCode(ctx: Context, span: CodeSpan): void {
  const offset = ctx.out.length;
  ctx.out += ctx.src.slice(span.contentStart, span.contentEnd);
  const entity: MessageEntity = { type: span.type, offset, length: span.contentEnd - span.contentStart };
  if (span.language) entity.language = span.language;
  ctx.entities.push(entity);
}

function backtickRunEnd(src: string, i: number): number {
  let end = i;
  while (src[end] === '`') end++;
  return end;
}

/**
 * A fenced block (a run of exactly three backticks) or inline code (a single backtick) starting at `i`, or null:
 * then the whole run is literal, so a failed fence never turns into a stray inline code span.
 */
function matchCode(src: string, i: number, runEnd: number): CodeSpan | null {
  const run = runEnd - i;
  if (run === 1) {
    const close = src.indexOf('`', i + 1);
    if (close === -1 || close === i + 1) return null;
    return { end: close + 1, contentStart: i + 1, contentEnd: close, type: 'code' };
  }
  if (run !== 3) return null;
  const close = src.indexOf(FENCE, runEnd);
  if (close === -1) return null;
  let contentStart = runEnd;
  let language: string | undefined;
  const newline = src.indexOf('\n', runEnd);
  if (newline !== -1 && newline < close) {
    const tag = src.slice(runEnd, newline);
    if (tag === '' || CODE_LANGUAGE_PATTERN.test(tag)) {
      contentStart = newline + 1;
      language = tag || undefined;
    }
  }
  const contentEnd = close > contentStart && src[close - 1] === '\n' ? close - 1 : close;
  if (contentEnd <= contentStart) return null;
  return { end: close + 3, contentStart, contentEnd, type: 'pre', ...(language ? { language } : {}) };
}

const NOTHING_ACTIVE: Active = { bold: false, italic: false, link: false };

/** Every code span, found in one left-to-right pass before anything else, keyed by its start. */
function findCodeSpans(src: string): Map<number, CodeSpan> {
  const spans = new Map<number, CodeSpan>();
  let i = src.indexOf('`');
  while (i !== -1) {
    const runEnd = backtickRunEnd(src, i);
    const span = matchCode(src, i, runEnd);
    if (span) spans.set(i, span);
    i = src.indexOf('`', span ? span.end : runEnd);
  }
  return spans;
}

/** Turns typed markup into plain text and entities sorted by offset, outer first. Never throws. */
export function parseMarkup(input: string): ParsedMarkup {
  const src = input.replace(LONE_SURROGATE, '\uFFFD');
  const ctx = buildContext(src, findCodeSpans(src));
  parseInline(ctx, 0, src.length, NOTHING_ACTIVE);
  ctx.entities.sort(compareEntities);
  return { text: ctx.out, entities: ctx.entities };
}
