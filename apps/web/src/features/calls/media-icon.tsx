import { useId, type ReactElement } from 'react';
import styles from './media-icon.module.css';

export type MediaIconKind = 'mic' | 'camera' | 'screen';

const SHAPES: Record<MediaIconKind, ReactElement> = {
  mic: (
    <>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21" />
    </>
  ),
  camera: (
    <>
      <rect x="3" y="6.5" width="12.5" height="11" rx="2.5" />
      <path d="m15.5 10.5 5-3v9l-5-3z" />
    </>
  ),
  screen: (
    <>
      <rect x="3" y="4.5" width="18" height="12" rx="2" />
      <path d="M9 20h6M12 16.5V20M12 13V8M9.5 10.5 12 8l2.5 2.5" />
    </>
  ),
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
