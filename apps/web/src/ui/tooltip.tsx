import { useId, type ReactElement, type ReactNode } from 'react';
import styles from './tooltip.module.css';

export interface TooltipProps {
  label: string;
  /** `bottomEnd`: below, right-aligned with the trigger (a button at the window's right edge). */
  side?: 'right' | 'top' | 'bottom' | 'bottomEnd';
  children: ReactNode;
  className?: string;
}

/**
 * A CSS-only tooltip shown on hover and keyboard focus. The wrapper (not the child) listens, so it also works for
 * disabled buttons, which swallow pointer events.
 */
export function Tooltip({ label, side = 'top', children, className }: TooltipProps): ReactElement {
  const id = useId();
  return (
    <span className={`${styles.wrap} ${className ?? ''}`} aria-describedby={id}>
      {children}
      <span role="tooltip" id={id} className={`${styles.tip} ${styles[side]}`}>
        {label}
      </span>
    </span>
  );
}
