import { describe, expect, it } from 'vitest';
import { parseMarkup } from '../src/markup.js';
import { mentionedNicknames, mentionsNickname } from '../src/mentions.js';

describe('mentionedNicknames', () => {
  it('lists each mentioned nickname once, lower-cased, and ignores other entities', () => {
    const { text, entities } = parseMarkup('**hi** @Bob and @bob, @alice_1 a@b.ru');
    expect(mentionedNicknames(text, entities)).toEqual(['bob', 'alice_1']);
  });

  it('matches a nickname case-insensitively', () => {
    const message = parseMarkup('ping @BoB');
    expect(mentionsNickname({ content: message.text, entities: message.entities }, 'bob')).toBe(true);
    expect(mentionsNickname({ content: message.text, entities: message.entities }, 'bo')).toBe(false);
  });
});
