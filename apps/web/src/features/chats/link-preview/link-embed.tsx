import { useState } from 'react';
import type { LinkPreview } from '@beseda/protocol/link-previews';
import { isSafeLinkUrl } from '@beseda/protocol/markup-validate';
import { useTranslation } from 'react-i18next';
import { hostOf, PreviewSite } from './link-preview-parts';
import styles from './link-preview.module.css';

/**
 * The embed under a message, like Discord's: an accent border, the site, the title as a link, the description and
 * the picture below (at most 400×300, loaded lazily). Its height changes the row's: the virtual list measures rows
 * with a ResizeObserver (`measureElement`), so the embed arriving and the picture loading both re-measure it.
 */
export function LinkEmbed({ preview }: { preview: LinkPreview }) {
  const { t } = useTranslation();
  const [imageFailed, setImageFailed] = useState(false);
  const title = preview.title ?? hostOf(preview.url);
  // The server only previews https pages; checked again because this becomes an href.
  const href = isSafeLinkUrl(preview.url) ? preview.url : null;
  return (
    <div
      className={styles.embed}
      role="group"
      aria-label={t('chat.linkPreviewEmbed', { title })}
      data-testid="link-embed"
    >
      <PreviewSite preview={preview} />
      {href !== null ? (
        <a className={styles.embedTitle} href={href} target="_blank" rel="noopener noreferrer">
          {title}
        </a>
      ) : (
        <span className={styles.embedTitle}>{title}</span>
      )}
      {preview.description !== null ? <p className={styles.embedDescription}>{preview.description}</p> : null}
      {preview.image !== null && !imageFailed ? (
        <img
          className={styles.embedImage}
          src={preview.image}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setImageFailed(true)}
          data-testid="link-embed-image"
        />
      ) : null}
    </div>
  );
}
