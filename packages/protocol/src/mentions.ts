import type { MessageEntity } from './markup-schema.js';

/**
 * The nicknames a message's `mention` entities name, lower-cased and without duplicates. Nicknames match
 * case-insensitively (`@Bob` mentions `bob`), on the server that resolves them to members and on the client that
 * highlights a message mentioning its user. The entity covers `@nick`; the `@` is dropped.
 */
export function mentionedNicknames(content: string, entities: readonly MessageEntity[]): string[] {
  const names = new Set<string>();
  for (const entity of entities) {
    if (entity.type !== 'mention') continue;
    const name = content.slice(entity.offset + 1, entity.offset + entity.length);
    if (name.length > 0) names.add(name.toLowerCase());
  }
  return [...names];
}

/** Whether the message mentions `nickname` (case-insensitively). */
export function mentionsNickname(
  message: { content: string; entities: readonly MessageEntity[] },
  nickname: string,
): boolean {
  return mentionedNicknames(message.content, message.entities).includes(nickname.toLowerCase());
}
