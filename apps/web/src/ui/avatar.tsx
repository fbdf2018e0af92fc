import { useState } from 'react';
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
  // A picture that cannot be shown (gone, not an image) falls back to the initials instead of a broken icon.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const picture = url && url !== failedUrl ? url : null;
  const style = {
    width: size,
    height: size,
    fontSize: Math.round(size * 0.38),
    background: picture ? 'transparent' : avatarColour(id || name),
    ...(ringColour ? { '--avatar-ring': ringColour } : {}),
  };
  return (
    <span className={`${styles.avatar} ${className ?? ''}`} style={style} aria-hidden="true">
      {picture ? (
        <img className={styles.image} src={picture} alt="" onError={() => setFailedUrl(picture)} />
      ) : (
        initials(name)
      )}
      {status ? <span className={`${styles.status} ${styles[status]}`} data-presence={status} /> : null}
    </span>
  );
}
