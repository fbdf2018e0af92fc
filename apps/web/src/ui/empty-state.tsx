import type { ReactNode } from 'react';
import styles from './empty-state.module.css';
import { Icon, type IconName } from './icon';

export interface EmptyStateProps {
  icon: IconName;
  title: string;
  hint?: string;
  children?: ReactNode;
  compact?: boolean;
  fill?: boolean;
  className?: string;
  testId?: string;
}

export function EmptyState({
  icon,
  title,
  hint,
  children,
  compact = false,
  fill = false,
  className,
  testId,
}: EmptyStateProps) {
  const classes = [styles.empty, compact ? styles.compact : '', fill ? styles.fill : '', className ?? ''].join(' ');
  return (
    <div className={classes} data-testid={testId}>
      <div className={styles.art}>
        <Icon name={icon} size={compact ? 26 : 40} strokeWidth={1.6} />
      </div>
      <p className={styles.title}>{title}</p>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {children ? <div className={styles.actions}>{children}</div> : null}
    </div>
  );
}
