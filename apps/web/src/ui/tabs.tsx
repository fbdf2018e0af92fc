import { useRef, type KeyboardEvent } from 'react';
import { Icon, type IconName } from './icon';
import styles from './tabs.module.css';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  /** A count shown as a pill; with 0 its room is kept, so the tabs after it do not move when it appears. */
  badge?: number;
  /** Spoken instead of the bare number (e.g. «2 заявки в друзья»). */
  badgeLabel?: string;
  /** A call to action among the tabs (the green «Добавить в друзья»). */
  accent?: boolean;
  /** Drawn before the label; with `iconOnly` the label is kept for screen readers only (compact headers). */
  icon?: IconName;
  iconOnly?: boolean;
  testId?: string;
}

export interface TabsProps<T extends string> {
  items: readonly TabItem<T>[];
  value: T;
  onChange(value: T): void;
  label: string;
  variant?: 'underline' | 'pill';
  /** Prefix for tab/panel ids so a panel can point back with aria-labelledby. */
  idPrefix: string;
  className?: string;
}

export function tabId(prefix: string, id: string): string {
  return `${prefix}-tab-${id}`;
}

export function panelId(prefix: string, id: string): string {
  return `${prefix}-panel-${id}`;
}

/** WAI-ARIA tabs with roving focus: arrows, Home and End move between tabs. */
export function Tabs<T extends string>({
  items,
  value,
  onChange,
  label,
  variant = 'underline',
  idPrefix,
  className,
}: TabsProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());

  function focusAt(index: number) {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    onChange(item.id);
    refs.current.get(item.id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.id === value);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: -1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    focusAt(next);
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      className={`${styles.list} ${styles[variant]} ${className ?? ''}`}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => {
        const selected = item.id === value;
        return (
          <button
            key={item.id}
            ref={(node) => {
              if (node) refs.current.set(item.id, node);
              else refs.current.delete(item.id);
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, item.id)}
            aria-selected={selected}
            aria-controls={panelId(idPrefix, item.id)}
            tabIndex={selected ? 0 : -1}
            className={`${styles.tab} ${item.accent ? styles.accent : ''}`}
            onClick={() => onChange(item.id)}
            data-testid={item.testId}
          >
            {item.icon ? <Icon name={item.icon} size={18} /> : null}
            {item.iconOnly ? <span className="visually-hidden">{item.label}</span> : item.label}
            {item.badge ? (
              <span className={styles.badge}>
                <span
                  aria-hidden={item.badgeLabel ? true : undefined}
                  data-testid={item.testId ? `${item.testId}-badge` : undefined}
                >
                  {item.badge}
                </span>
                {item.badgeLabel ? <span className="visually-hidden">{item.badgeLabel}</span> : null}
              </span>
            ) : item.badge === 0 ? (
              <span className={styles.badgeSlot} aria-hidden="true" />
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
