import type { KeyboardEvent, ReactNode } from 'react';
import { compareEntities, MESSAGE_ENTITY_TYPES, type MessageEntity } from '@beseda/protocol/markup-schema';
import { isSafeLinkUrl, splitsSurrogatePair } from '@beseda/protocol/markup-validate';
import { stripBidiControls } from '@beseda/protocol/validation';
import styles from './markup.module.css';

/**
 * Message text + entities → React elements. Text only ever reaches the DOM as React text children, so `<img …>`
 * typed in a message is escaped like any other text; there is no HTML string and no `dangerouslySetInnerHTML`.
 *
 * Bidi embedding, override and isolate controls are left out of the shown text (an override would reorder the text
 * after it: "gnp.exe" showing as "exe.png"); they are removed from each piece after slicing, so entity offsets, which
 * count them, stay right. Together with the `unicode-bidi: isolate` block of `MessageMarkup`, a message cannot
 * reorder anything.
 *
 * The server validated the entities, but this code does not rely on it: messages may come from an older server,
 * a cache, or a client with a bug. Entities that are out of bounds, of an unknown kind, or crossing another are
 * dropped (their text still shows), and a link's URL is checked again before it becomes an `href`.
 */

export interface RenderMessageOptions {
  /** Called with the nickname (without `@`) when a mention is clicked or activated from the keyboard. */
  onMentionClick?: (nickname: string) => void;
}

interface EntityNode {
  entity: MessageEntity;
  start: number;
  end: number;
  children: EntityNode[];
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(MESSAGE_ENTITY_TYPES);

function isUsable(text: string, entity: MessageEntity): boolean {
  const { offset, length } = entity;
  return (
    KNOWN_TYPES.has(entity.type) &&
    Number.isInteger(offset) &&
    Number.isInteger(length) &&
    offset >= 0 &&
    length > 0 &&
    offset + length <= text.length &&
    !splitsSurrogatePair(text, offset) &&
    !splitsSurrogatePair(text, offset + length)
  );
}

/**
 * Sorted by start, outer first, entities form a forest: each one nests in the closest still-open entity that
 * contains it. One that starts inside an open entity but ends after it would cross it, so it is skipped, and
 * nothing nests inside code, whose text is shown verbatim.
 */
function buildTree(text: string, entities: readonly MessageEntity[]): EntityNode[] {
  // Code sorts after the kinds that may wrap it over the same range, so `[`x`](url)` is a link around code.
  const sorted = entities.filter((entity) => isUsable(text, entity)).sort(compareEntities);
  const roots: EntityNode[] = [];
  const open: EntityNode[] = [];
  for (const entity of sorted) {
    const node: EntityNode = { entity, start: entity.offset, end: entity.offset + entity.length, children: [] };
    while (open.length > 0 && (open.at(-1) as EntityNode).end <= node.start) open.pop();
    const parent = open.at(-1);
    if (parent) {
      if (node.end > parent.end || parent.entity.type === 'code' || parent.entity.type === 'pre') continue;
      parent.children.push(node);
    } else {
      roots.push(node);
    }
    open.push(node);
  }
  return roots;
}

function activateOnKey(event: KeyboardEvent, action: () => void): void {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    action();
  }
}

function renderNode(text: string, node: EntityNode, options: RenderMessageOptions): ReactNode {
  const { entity } = node;
  const key = `${entity.type}-${node.start}`;
  const content = stripBidiControls(text.slice(node.start, node.end));
  const children = renderRange(text, node.start, node.end, node.children, options);
  switch (entity.type) {
    case 'bold':
      return <strong key={key}>{children}</strong>;
    case 'italic':
      return <em key={key}>{children}</em>;
    case 'code':
      return (
        <code key={key} className={styles.code}>
          {content}
        </code>
      );
    case 'pre':
      return (
        <pre key={key} className={styles.pre}>
          <code data-language={entity.language}>{content}</code>
        </pre>
      );
    case 'text_link':
      // A link whose URL is no longer acceptable keeps its text and loses only the link.
      if (entity.url === undefined || !isSafeLinkUrl(entity.url)) return <span key={key}>{children}</span>;
      return (
        <a
          key={key}
          className={styles.link}
          href={entity.url}
          title={entity.url}
          target="_blank"
          rel="noopener noreferrer nofollow"
        >
          {children}
        </a>
      );
    case 'mention': {
      const nickname = content.slice(1);
      const { onMentionClick } = options;
      if (!onMentionClick) {
        return (
          <span key={key} className={styles.mention} data-nickname={nickname}>
            {children}
          </span>
        );
      }
      const activate = () => onMentionClick(nickname);
      return (
        <span
          key={key}
          className={styles.mention}
          data-nickname={nickname}
          role="button"
          tabIndex={0}
          onClick={activate}
          onKeyDown={(event) => activateOnKey(event, activate)}
        >
          {children}
        </span>
      );
    }
  }
}

function renderRange(
  text: string,
  start: number,
  end: number,
  nodes: readonly EntityNode[],
  options: RenderMessageOptions,
): ReactNode[] {
  const out: ReactNode[] = [];
  let cursor = start;
  for (const node of nodes) {
    if (node.start > cursor) out.push(stripBidiControls(text.slice(cursor, node.start)));
    out.push(renderNode(text, node, options));
    cursor = node.end;
  }
  if (cursor < end) out.push(stripBidiControls(text.slice(cursor, end)));
  return out;
}

/** The message as React nodes; put them in an element with `white-space: pre-wrap` (see `MessageMarkup`). */
export function renderMessage(
  text: string,
  entities: readonly MessageEntity[] = [],
  options: RenderMessageOptions = {},
): ReactNode[] {
  return renderRange(text, 0, text.length, buildTree(text, entities), options);
}
