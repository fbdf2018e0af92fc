import type { MessageEntity } from '@beseda/protocol/markup-schema';
import styles from './markup.module.css';
import { renderMessage, type RenderMessageOptions } from './render-entities';

export interface MessageMarkupProps extends RenderMessageOptions {
  text: string;
  entities?: readonly MessageEntity[];
  className?: string;
}

/** A message body: rendered entities in a block that keeps the author's line breaks and spaces. */
export function MessageMarkup({ text, entities, className, onMentionClick }: MessageMarkupProps) {
  return (
    <div className={className ? `${styles.markup} ${className}` : styles.markup}>
      {renderMessage(text, entities, { onMentionClick })}
    </div>
  );
}
