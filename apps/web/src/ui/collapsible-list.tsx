import { useId, useState, type ReactNode } from 'react';
import { canToggleList, isListOpen, visibleListItems } from './collapsible';
import { Icon } from './icon';
import styles from './collapsible-list.module.css';

export interface CollapsibleListProps<T> {
  title: string;
  items: readonly T[];
  itemKey(item: T): string;
  isSelected(item: T): boolean;
  renderItem(item: T): ReactNode;
  /** A button beside the title (the section's «+»). */
  action?: ReactNode;
  testId?: string;
}

/** A titled section that folds (spec §2 Other UI; the rules are in collapsible.ts). */
export function CollapsibleList<T>({
  title,
  items,
  itemKey,
  isSelected,
  renderItem,
  action,
  testId,
}: CollapsibleListProps<T>) {
  const [choice, setChoice] = useState<boolean | null>(null);
  const listId = useId();
  const open = isListOpen(items.length, choice);
  const toggleable = canToggleList(items.length);
  const shown = visibleListItems(items, open, isSelected);

  return (
    <section className={styles.section} data-testid={testId} data-open={open}>
      <div className={styles.heading}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={listId}
          disabled={!toggleable}
          onClick={() => setChoice(!open)}
        >
          <Icon name="chevronDown" size={12} className={open ? styles.chevron : `${styles.chevron} ${styles.shut}`} />
          <span className={styles.title}>{title}</span>
        </button>
        {action}
      </div>
      <ul id={listId} className={styles.list}>
        {shown.map((item) => (
          <li key={itemKey(item)}>{renderItem(item)}</li>
        ))}
      </ul>
    </section>
  );
}
