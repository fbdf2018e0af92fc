import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './message-menu.module.css';

export type MessageAction = 'copy' | 'edit' | 'delete' | 'report';

export interface MessageMenuProps {
  /** Own messages: Копировать, Редактировать, Удалить; others': Копировать, Пожаловаться (spec §6). */
  own: boolean;
  system: boolean;
  at: { x: number; y: number };
  onAction(action: MessageAction): void;
  onClose(): void;
}

/** Spec §2: the click-outside listener starts 100 ms after mounting, so the opening click does not close it. */
const OUTSIDE_CLICK_DELAY_MS = 100;
const MARGIN = 8;

export function MessageMenu({ own, system, at, onAction, onClose }: MessageMenuProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState(at);
  const actions: MessageAction[] = system ? ['copy'] : own ? ['copy', 'edit', 'delete'] : ['copy', 'report'];

  // Keep the menu inside the window: flip left/up when it would overflow.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const { width, height } = element.getBoundingClientRect();
    const x = at.x + width + MARGIN > window.innerWidth ? Math.max(MARGIN, at.x - width) : at.x;
    const y = at.y + height + MARGIN > window.innerHeight ? Math.max(MARGIN, at.y - height) : at.y;
    setPosition({ x, y });
    element.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
  }, [at]);

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) onClose();
    };
    const timer = setTimeout(() => document.addEventListener('pointerdown', onPointer), OUTSIDE_CLICK_DELAY_MS);
    window.addEventListener('resize', onClose);
    window.addEventListener('blur', onClose);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('resize', onClose);
      window.removeEventListener('blur', onClose);
    };
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else return;
    event.preventDefault();
  };

  return (
    <div
      ref={ref}
      className={styles.menu}
      role="menu"
      aria-label={t('chat.actions')}
      style={{ left: position.x, top: position.y }}
      onKeyDown={onKeyDown}
      data-testid="message-menu"
    >
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          role="menuitem"
          className={`${styles.item} ${action === 'delete' ? styles.danger : ''}`}
          onClick={() => onAction(action)}
        >
          {t(`chat.${action}`)}
        </button>
      ))}
    </div>
  );
}
