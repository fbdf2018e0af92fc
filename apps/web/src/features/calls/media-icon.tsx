import { useId, type ReactElement } from 'react';
import { iconShape } from '../../ui/icon';
import styles from './media-icon.module.css';

export type MediaIconKind = 'mic' | 'camera' | 'screen';

const SHAPES: Record<MediaIconKind, ReactElement> = {
  mic: iconShape('mic'),
  camera: iconShape('camera'),
  screen: iconShape('screenShare'),
};

const SLASH = 'M4 4 20 20';

/**
 * Spec §2's animated mic, camera and screen-share icons: off draws a slash across, with a gap cut around it (a mask,
 * so it works on any background).
 */
export function MediaIcon({ kind, off, size = 20 }: { kind: MediaIconKind; off: boolean; size?: number }) {
  // useId's characters are not all valid in a url(#…) reference.
  const maskId = `media-slash-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={styles.icon}
      data-off={off || undefined}
      data-media-icon={kind}
    >
      <mask id={maskId}>
        <rect width="24" height="24" fill="white" stroke="none" />
        <path d={SLASH} className={styles.slashGap} stroke="black" strokeWidth={5} />
      </mask>
      <g mask={`url(#${maskId})`}>{SHAPES[kind]}</g>
      <path d={SLASH} className={styles.slash} />
    </svg>
  );
}
