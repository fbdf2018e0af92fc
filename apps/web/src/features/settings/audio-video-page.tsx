import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/layout/page-header';
import { EmptyState } from '../../ui/empty-state';
import page from '../../ui/page.module.css';

/** The audio and video settings frame; device pickers arrive with the voice feature. */
export function AudioVideoPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader icon="mic" title={t('settings.audioVideo')} />
      <div className={page.body}>
        <EmptyState
          icon="mic"
          title={t('settings.audioVideoEmpty')}
          hint={t('settings.audioVideoHint')}
          fill
          testId="audio-video-empty"
        />
      </div>
    </>
  );
}
