import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Icon, type IconName } from './icon';
import styles from './context-menu.module.css';

export interface ContextMenuItem {
  id: string;
  label: string;
  icon?: IconName;
  disabled?: boolean;
  danger?: boolean;
  onSelect(): void;
}

export interface ContextMenuProps {
  label: string;
  items: readonly ContextMenuItem[];
  onClose(): void;
  testId?: string;
}

/** Spec §2 Other UI: outside clicks count only 100 ms after mounting, so the opening click does not close it. */
const OUTSIDE_CLICK_DELAY_MS = 100;

function focusable(menu: HTMLElement | null): HTMLButtonElement[] {
  return menu ? [...menu.querySelectorAll<HTMLButtonElement>('button[role="menuitem"]:not(:disabled)')] : [];
}

/**
 * A dropdown menu (Discord's server-name menu): arrow keys move, Enter/Space choose, Esc and outside clicks close.
 * The opener places it; it takes the focus on mount.
 */
export function ContextMenu({ label, items, onClose, testId }: ContextMenuProps) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    focusable(ref.current)[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !ref.current?.contains(event.target)) onClose();
    };
    const timer = setTimeout(() => document.addEventListener('pointerdown', onPointer), OUTSIDE_CLICK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    const buttons = focusable(ref.current);
    const index = buttons.findIndex((button) => button === document.activeElement);
    const move = (to: number) => buttons[(to + buttons.length) % buttons.length]?.focus();
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(buttons.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else return;
    event.preventDefault();
  };

  return (
    <div ref={ref} className={styles.menu} role="menu" aria-label={label} onKeyDown={onKeyDown} data-testid={testId}>
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          role="menuitem"
          className={`${styles.item} ${item.danger ? styles.danger : ''}`}
          disabled={item.disabled}
          data-testid={`menu-${item.id}`}
          onClick={() => {
            onClose();
            item.onSelect();
          }}
        >
          <span>{item.label}</span>
          {item.icon ? <Icon name={item.icon} size={18} /> : null}
        </button>
      ))}
    </div>
  );
}
