import type { MessageEntity } from '@beseda/protocol/markup-schema';

/**
 * Text + entities → the markup a user would type, for the inline editor: the stored message holds no markers, so
 * editing starts from this and `parseMarkup` turns the edited text back into text + entities.
 */

interface Marker {
  at: number;
  text: string;
  /** Closers before openers at one position; then inner closers first, outer openers first. */
  order: number;
}

const NESTING_RANK: Record<MessageEntity['type'], number> = {
  text_link: 0,
  bold: 1,
  italic: 2,
  code: 3,
  pre: 3,
  mention: 4,
};

function markers(entity: MessageEntity): [string, string] {
  switch (entity.type) {
    case 'bold':
      return ['**', '**'];
    case 'italic':
      return ['*', '*'];
    case 'code':
      return ['`', '`'];
    case 'pre':
      return ['```' + (entity.language ?? '') + '\n', '\n```'];
    case 'text_link':
      return ['[', `](${entity.url ?? ''})`];
    case 'mention':
      return ['', ''];
  }
}

export function toMarkupSource(text: string, entities: readonly MessageEntity[]): string {
  const list: Marker[] = [];
  for (const entity of entities) {
    const [open, close] = markers(entity);
    if (open === '' && close === '') continue;
    const end = entity.offset + entity.length;
    if (entity.offset < 0 || end > text.length || entity.length <= 0) continue;
    // Over one range the link is outermost, as `[**x**](url)` parses; longer entities enclose shorter ones.
    const rank = NESTING_RANK[entity.type];
    list.push({ at: entity.offset, text: open, order: -entity.length * 10 + rank });
    list.push({ at: end, text: close, order: -1e9 + entity.length * 10 - rank });
  }
  list.sort((a, b) => a.at - b.at || a.order - b.order);
  let out = '';
  let cursor = 0;
  for (const marker of list) {
    out += text.slice(cursor, marker.at) + marker.text;
    cursor = marker.at;
  }
  return out + text.slice(cursor);
}
