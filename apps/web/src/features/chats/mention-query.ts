/**
 * The mention list (spec §2): `@` + letters at the caret opens it, filtered by what follows the `@`; picking a
 * person replaces `@que` with `@nickname ` (spec §5: a mention is @ + 3–32 letters, digits or underscores).
 */
export interface MentionQuery {
  /** Index of the `@`. */
  start: number;
  /** What was typed after it, up to the caret. */
  query: string;
}

export interface MentionCandidate {
  id: string;
  nickname: string;
  name: string;
}

const WORD = /[\p{L}\p{N}_]/u;
const MAX_QUERY = 32;

/** The `@…` being typed at the caret, if any: the `@` starts the text or follows a non-word character. */
export function findMentionQuery(text: string, caret: number): MentionQuery | null {
  let index = caret;
  while (index > 0 && caret - index <= MAX_QUERY && WORD.test(text.charAt(index - 1))) index -= 1;
  if (index === 0 || text.charAt(index - 1) !== '@' || caret - index > MAX_QUERY) return null;
  const start = index - 1;
  if (start > 0 && WORD.test(text.charAt(start - 1))) return null;
  return { start, query: text.slice(index, caret) };
}

/** Nickname prefix first, then name prefix, then anywhere in either; case-insensitive; at most `limit`. */
export function filterCandidates<T extends MentionCandidate>(candidates: readonly T[], query: string, limit = 8): T[] {
  const q = query.toLocaleLowerCase('ru');
  const rank = (candidate: T): number => {
    const nickname = candidate.nickname.toLocaleLowerCase('ru');
    const name = candidate.name.toLocaleLowerCase('ru');
    if (nickname.startsWith(q)) return 0;
    if (name.startsWith(q)) return 1;
    if (nickname.includes(q) || name.includes(q)) return 2;
    return -1;
  };
  return candidates
    .map((candidate) => ({ candidate, rank: rank(candidate) }))
    .filter((item) => item.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.candidate.nickname.localeCompare(b.candidate.nickname))
    .slice(0, limit)
    .map((item) => item.candidate);
}

/**
 * The typed `@…` already is a candidate's whole nickname: there is nothing left to complete, so Enter sends the
 * message instead of picking (issue 12, bug 8). Exact, as the mention parser matches nicknames.
 */
export function isCompleteMention(query: MentionQuery, candidates: readonly MentionCandidate[]): boolean {
  return candidates.some((candidate) => candidate.nickname === query.query);
}

/** The text with the query replaced by the mention and a space, and where the caret goes. */
export function insertMention(
  text: string,
  query: MentionQuery,
  caret: number,
  nickname: string,
): { text: string; caret: number } {
  const inserted = `@${nickname} `;
  const rest = text.slice(caret);
  // Do not double the space when one already follows.
  const tail = rest.startsWith(' ') ? rest.slice(1) : rest;
  return { text: text.slice(0, query.start) + inserted + tail, caret: query.start + inserted.length };
}
