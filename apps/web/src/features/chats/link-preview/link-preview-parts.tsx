import { useState } from 'react';
import type { LinkPreview } from '@beseda/protocol/link-previews';
import styles from './link-preview.module.css';

/** The host without `www.`, for a page that names no site. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/**
 * Favicon and site name. The icon is served from our origin and may still fail (the site's icon is gone, the cache
 * row expired): then it is left out rather than shown broken.
 */
export function PreviewSite({ preview }: { preview: LinkPreview }) {
  const [iconFailed, setIconFailed] = useState(false);
  return (
    <span className={styles.site}>
      {preview.favicon !== null && !iconFailed ? (
        <img
          className={styles.favicon}
          src={preview.favicon}
          width={16}
          height={16}
          alt=""
          onError={() => setIconFailed(true)}
        />
      ) : null}
      <span className={styles.siteName}>{preview.siteName ?? hostOf(preview.url)}</span>
    </span>
  );
}
