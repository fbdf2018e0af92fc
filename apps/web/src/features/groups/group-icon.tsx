import { useState } from 'react';
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
  // A picture that cannot be shown falls back to the initials instead of a broken icon.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const picture = avatarUrl && avatarUrl !== failedUrl ? avatarUrl : null;
  return (
    <span
      className={`${styles.icon} ${className ?? ''}`}
      style={{ width: size, height: size, fontSize: Math.max(12, Math.round(size * 0.33)) }}
      aria-hidden="true"
    >
      {picture ? (
        <img className={styles.image} src={picture} alt="" onError={() => setFailedUrl(picture)} />
      ) : (
        initials(name)
      )}
    </span>
  );
}
