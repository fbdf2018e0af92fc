import styles from './avatar.module.css';
import { avatarColour, initials } from './avatar-colour';

/** `connecting` is the own user's dot while the realtime connection is being (re)established. */
export type AvatarStatus = 'online' | 'offline' | 'connecting';

export interface AvatarProps {
  id: string;
  name: string;
  url?: string | null;
  size?: number;
  status?: AvatarStatus;
  /** The background the status ring must blend with. */
  ringColour?: string;
  className?: string;
}

export function Avatar({ id, name, url, size = 32, status, ringColour, className }: AvatarProps) {
  const style = {
    width: size,
    height: size,
    fontSize: Math.round(size * 0.38),
    background: url ? 'transparent' : avatarColour(id || name),
    ...(ringColour ? { '--avatar-ring': ringColour } : {}),
  };
  return (
    <span className={`${styles.avatar} ${className ?? ''}`} style={style} aria-hidden="true">
      {url ? <img className={styles.image} src={url} alt="" /> : initials(name)}
      {status ? <span className={`${styles.status} ${styles[status]}`} /> : null}
    </span>
  );
}
