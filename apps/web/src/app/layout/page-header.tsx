import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../ui/icon';
import styles from './page-header.module.css';

export interface PageHeaderProps {
  icon: IconName;
  title: string;
  /** Tabs, actions: laid out after a divider. */
  children?: ReactNode;
}

/** Spec §2 header: the place's icon and name (group, channel type and channel name once groups land). */
export function PageHeader({ icon, title, children }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      <Icon name={icon} size={22} className={styles.icon} />
      <h1 className={styles.title} data-testid="page-title">
        {title}
      </h1>
      {children ? (
        <>
          <span className={styles.divider} aria-hidden="true" />
          <div className={styles.extra}>{children}</div>
        </>
      ) : null}
    </header>
  );
}
