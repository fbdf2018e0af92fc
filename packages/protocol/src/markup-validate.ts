import {
  CODE_LANGUAGE_PATTERN,
  compareEntities,
  MAX_LINK_URL_LENGTH,
  MAX_MESSAGE_ENTITIES,
  MESSAGE_ENTITY_TYPES,
  type MessageEntity,
} from './markup-schema.js';
import { NICKNAME_PATTERN } from './validation.js';

/**
 * What the server checks before it stores a message's entities (on send and on edit). It rejects; it never
 * repairs: a client that sends a bad list has a bug, and silently fixing it would hide the bug and let two
 * clients disagree about what a message looks like. The web client re-checks link URLs at render time anyway.
 */

export type EntityRejection =
  | 'too_many'
  | 'unknown_type'
  | 'out_of_bounds'
  | 'splits_surrogate_pair'
  | 'url_missing'
  | 'url_not_allowed'
  | 'unsafe_url'
  | 'language_not_allowed'
  | 'bad_language'
  | 'bad_mention'
  | 'code_overlap'
  | 'partial_overlap'
  | 'duplicate';

/** `index` points into the list as it was given, so the error can name the culprit. */
export type EntitiesValidation = { ok: true } | { ok: false; reason: EntityRejection; index: number };

const ENTITY_TYPES: ReadonlySet<string> = new Set(MESSAGE_ENTITY_TYPES);

/**
 * Code points that have no business in a URL a person clicks: C0/C1 controls, whitespace (the URL parser would
 * silently strip tabs and newlines, which is how `java\tscript:` tricks work), zero-width characters and
 * bidirectional overrides (they make `moc.evil` read as `live.com`).
 */
function isForbiddenUrlCodeUnit(code: number): boolean {
  return (
    code <= 0x20 ||
    (code >= 0x7f && code <= 0xa0) ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202f) ||
    (code >= 0x205f && code <= 0x206f) ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * A link target the app is willing to put in an `href`: absolute http or https, as typed (the raw text must
 * start with the scheme, so nothing the URL parser would strip or normalise can smuggle another scheme in), with
 * a host, without credentials (`https://bank.ru@evil.example` is the classic phishing shape).
 */
export function isSafeLinkUrl(url: string): boolean {
  if (url.length === 0 || url.length > MAX_LINK_URL_LENGTH) return false;
  if (!/^https?:\/\//i.test(url)) return false;
  for (let i = 0; i < url.length; i++) {
    if (isForbiddenUrlCodeUnit(url.charCodeAt(i))) return false;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
    parsed.hostname !== '' &&
    parsed.username === '' &&
    parsed.password === ''
  );
}

/** Spec §5: `@` followed by 3 to 32 letters, digits or underscores — the nickname rule, so `@nick` always fits. */
export function isMentionText(value: string): boolean {
  return value.startsWith('@') && NICKNAME_PATTERN.test(value.slice(1));
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** True if a boundary at `index` would cut a surrogate pair in half (so the halves render as two `�`). */
export function splitsSurrogatePair(text: string, index: number): boolean {
  return (
    index > 0 &&
    index < text.length &&
    isHighSurrogate(text.charCodeAt(index - 1)) &&
    isLowSurrogate(text.charCodeAt(index))
  );
}

function isAtomic(type: string): boolean {
  return type === 'code' || type === 'pre';
}

function checkOne(text: string, entity: MessageEntity): EntityRejection | null {
  const { type, offset, length, url, language } = entity;
  if (!ENTITY_TYPES.has(type)) return 'unknown_type';
  if (!Number.isInteger(offset) || !Number.isInteger(length) || offset < 0 || length <= 0) return 'out_of_bounds';
  if (offset + length > text.length) return 'out_of_bounds';
  if (splitsSurrogatePair(text, offset) || splitsSurrogatePair(text, offset + length)) return 'splits_surrogate_pair';
  if (type === 'text_link') {
    if (url === undefined) return 'url_missing';
    if (!isSafeLinkUrl(url)) return 'unsafe_url';
  } else if (url !== undefined) {
    return 'url_not_allowed';
  }
  if (language !== undefined) {
    if (type !== 'pre') return 'language_not_allowed';
    if (!CODE_LANGUAGE_PATTERN.test(language)) return 'bad_language';
  }
  if (type === 'mention' && !isMentionText(text.slice(offset, offset + length))) return 'bad_mention';
  return null;
}

/**
 * Checks a message's entities against its text: each one on its own (bounds, type, URL, mention), then how they
 * sit together — entities may nest (bold inside a link inside italic, code inside bold…) but never cross, and
 * nothing nests inside code or a code block, because markup inside code is shown literally.
 */
export function validateEntities(text: string, entities: readonly MessageEntity[]): EntitiesValidation {
  if (entities.length > MAX_MESSAGE_ENTITIES) return { ok: false, reason: 'too_many', index: MAX_MESSAGE_ENTITIES };
  for (const [index, entity] of entities.entries()) {
    const reason = checkOne(text, entity);
    if (reason) return { ok: false, reason, index };
  }

  // Sorted by start, outer first (longer, then code after what may wrap it): an entity can then only conflict
  // with the ones before it that are still open at its start, and the inner loop stops at the first one that
  // starts after it ends.
  const order = entities.map((_, index) => index);
  order.sort((a, b) => compareEntities(entities[a] as MessageEntity, entities[b] as MessageEntity) || a - b);
  for (let i = 0; i < order.length; i++) {
    const outer = entities[order[i] as number] as MessageEntity;
    const outerEnd = outer.offset + outer.length;
    for (let j = i + 1; j < order.length; j++) {
      const index = order[j] as number;
      const inner = entities[index] as MessageEntity;
      if (inner.offset >= outerEnd) break;
      if (isAtomic(outer.type)) return { ok: false, reason: 'code_overlap', index };
      if (inner.offset + inner.length > outerEnd) {
        return { ok: false, reason: isAtomic(inner.type) ? 'code_overlap' : 'partial_overlap', index };
      }
      if (inner.type === outer.type && inner.offset === outer.offset && inner.length === outer.length) {
        return { ok: false, reason: 'duplicate', index };
      }
    }
  }
  return { ok: true };
}
