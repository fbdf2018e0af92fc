import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Icon, type IconName } from './icon';
import styles from './sidebar-nav.module.css';

export function SidebarNav({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav className={styles.nav} aria-label={label}>
      {children}
    </nav>
  );
}

export interface SidebarLinkProps {
  to: string;
  label: string;
  icon?: IconName;
  compact?: boolean;
  /** Active only on this exact path (not on nested ones). */
  end?: boolean;
  testId?: string;
  /** Shown at the end of the row (a badge). */
  trailing?: ReactNode;
}

export function SidebarLink({ to, label, icon, compact = false, end = true, testId, trailing }: SidebarLinkProps) {
  return (
    <NavLink to={to} end={end} className={`${styles.link} ${compact ? styles.compact : ''}`} data-testid={testId}>
      {icon ? <Icon name={icon} size={22} className={styles.linkIcon} /> : null}
      {label}
      {trailing ? <span className={styles.trailing}>{trailing}</span> : null}
    </NavLink>
  );
}

export function SidebarSectionHeader({ title, action, id }: { title: string; action?: ReactNode; id?: string }) {
  return (
    <div className={styles.sectionHeader}>
      <h2 className={styles.sectionTitle} id={id}>
        {title}
      </h2>
      {action}
    </div>
  );
}

export const sidebarNavStyles = styles;
