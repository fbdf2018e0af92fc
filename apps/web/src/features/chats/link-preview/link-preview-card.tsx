import { useState } from 'react';
import type { LinkPreview } from '@beseda/protocol/link-previews';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../ui/icon';
import { hostOf, PreviewSite } from './link-preview-parts';
import styles from './link-preview.module.css';

export interface LinkPreviewCardProps {
  preview: LinkPreview;
  /** «Отправить без предпросмотра»: the card goes and the message is sent without a preview. */
  onClose(): void;
}

/** The card above the composer's input (spec §2), like Telegram's and Discord's: the link the message will embed. */
export function LinkPreviewCard({ preview, onClose }: LinkPreviewCardProps) {
  const { t } = useTranslation();
  const [imageFailed, setImageFailed] = useState(false);
  const title = preview.title ?? hostOf(preview.url);
  return (
    <div className={styles.card} role="group" aria-label={t('chat.linkPreviewLabel')} data-testid="link-preview-card">
      <div className={styles.cardText}>
        <PreviewSite preview={preview} />
        <span className={styles.cardTitle} data-testid="link-preview-title">
          {title}
        </span>
        {preview.description !== null ? <p className={styles.cardDescription}>{preview.description}</p> : null}
      </div>
      {preview.image !== null && !imageFailed ? (
        <img className={styles.thumb} src={preview.image} alt="" onError={() => setImageFailed(true)} />
      ) : null}
      <button
        type="button"
        className={styles.close}
        onClick={onClose}
        aria-label={t('chat.linkPreviewClose')}
        title={t('chat.linkPreviewClose')}
        data-testid="link-preview-close"
      >
        <Icon name="cross" size={16} />
      </button>
    </div>
  );
}
