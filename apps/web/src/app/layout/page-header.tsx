import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../ui/icon';
import { DrawerToggle } from './drawer-toggle';
import styles from './page-header.module.css';

export interface PageHeaderProps {
  icon: IconName;
  title: string;
  /** Tabs, actions: laid out after a divider. */
  children?: ReactNode;
  /** Narrow pages give the room to their tabs: the title stays for screen readers, the divider goes. */
  compact?: boolean;
}

/** Spec §2 header: the place's icon and name (group, channel type and channel name once groups land). */
export function PageHeader({ icon, title, children, compact = false }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      <DrawerToggle />
      <Icon name={icon} size={22} className={styles.icon} />
      <h1 className={compact ? 'visually-hidden' : styles.title} data-testid="page-title">
        {title}
      </h1>
      {children ? (
        <>
          {compact ? null : <span className={styles.divider} aria-hidden="true" />}
          <div className={styles.extra}>{children}</div>
        </>
      ) : null}
    </header>
  );
}
