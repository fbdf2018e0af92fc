import { initials } from '../../ui/avatar-colour';
import styles from './group-icon.module.css';

export interface GroupIconProps {
  name: string;
  avatarUrl: string | null;
  size?: number;
  className?: string;
}

/** A group's picture, or its initials on the rail grey (Discord's server icon). */
export function GroupIcon({ name, avatarUrl, size = 48, className }: GroupIconProps) {
  return (
    <span
      className={`${styles.icon} ${className ?? ''}`}
      style={{ width: size, height: size, fontSize: Math.max(12, Math.round(size * 0.33)) }}
      aria-hidden="true"
    >
      {avatarUrl ? <img className={styles.image} src={avatarUrl} alt="" /> : initials(name)}
    </span>
  );
}
