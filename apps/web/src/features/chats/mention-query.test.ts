import { describe, expect, it } from 'vitest';
import { filterCandidates, findMentionQuery, insertMention, isCompleteMention } from './mention-query';

describe('findMentionQuery', () => {
  it('finds @ at the start and after a space, with what follows up to the caret', () => {
    expect(findMentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(findMentionQuery('привет @ан', 10)).toEqual({ start: 7, query: 'ан' });
    expect(findMentionQuery('(@bob', 5)).toEqual({ start: 1, query: 'bob' });
  });

  it('uses the caret, not the end of the text', () => {
    expect(findMentionQuery('@anna hi', 3)).toEqual({ start: 0, query: 'an' });
  });

  it('ignores e-mail addresses, spaces after @ and overly long words', () => {
    expect(findMentionQuery('a@b.ru', 3)).toBeNull();
    expect(findMentionQuery('mail a@bc', 9)).toBeNull();
    expect(findMentionQuery('@ anna', 6)).toBeNull();
    expect(findMentionQuery(`@${'a'.repeat(33)}`, 34)).toBeNull();
    expect(findMentionQuery('no mention', 10)).toBeNull();
  });
});

describe('filterCandidates', () => {
  const people = [
    { id: '1', nickname: 'anna_k', name: 'Анна' },
    { id: '2', nickname: 'boris', name: 'Борис' },
    { id: '3', nickname: 'hanna', name: 'Ханна' },
  ];

  it('ranks nickname prefixes, then name prefixes, then substrings', () => {
    expect(filterCandidates(people, 'an').map((p) => p.id)).toEqual(['1', '3']);
    expect(filterCandidates(people, 'бор').map((p) => p.id)).toEqual(['2']);
    expect(filterCandidates(people, 'АН').map((p) => p.id)).toEqual(['1', '3']);
  });

  it('lists everyone for an empty query, up to the limit', () => {
    expect(filterCandidates(people, '')).toHaveLength(3);
    expect(filterCandidates(people, '', 2)).toHaveLength(2);
  });
});

describe('insertMention', () => {
  it('replaces the query with @nickname and a space, caret after it', () => {
    expect(insertMention('hi @an', { start: 3, query: 'an' }, 6, 'anna_k')).toEqual({
      text: 'hi @anna_k ',
      caret: 11,
    });
  });

  it('keeps the text after the caret without doubling a space', () => {
    expect(insertMention('@an how', { start: 0, query: 'an' }, 3, 'anna_k')).toEqual({
      text: '@anna_k how',
      caret: 8,
    });
  });
});

describe('isCompleteMention', () => {
  const people = [
    { id: '1', nickname: 'anna', name: 'Анна' },
    { id: '2', nickname: 'anna_k', name: 'Анна К.' },
  ];

  it('is complete when the typed query is a whole nickname, even if a longer one shares the prefix', () => {
    expect(isCompleteMention({ start: 7, query: 'anna' }, people)).toBe(true);
    expect(isCompleteMention({ start: 0, query: 'anna_k' }, people)).toBe(true);
  });

  it('is not complete for a prefix, a name, or another case', () => {
    expect(isCompleteMention({ start: 0, query: 'ann' }, people)).toBe(false);
    expect(isCompleteMention({ start: 0, query: 'Анна' }, people)).toBe(false);
    expect(isCompleteMention({ start: 0, query: 'Anna' }, people)).toBe(false);
  });
});
