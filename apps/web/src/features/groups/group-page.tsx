import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/layout/page-header';
import { EmptyState } from '../../ui/empty-state';
import page from '../../ui/page.module.css';

/** /channels/{groupId} and /channels/{groupId}/{channelId}: the frame until groups land. */
export function GroupPage() {
  const { t } = useTranslation();
  const { channelId } = useParams();
  return (
    <>
      <PageHeader icon={channelId ? 'hash' : 'chat'} title={channelId ? t('group.channel') : t('group.title')} />
      <div className={page.body}>
        <EmptyState icon="hash" title={t('group.empty')} hint={t('group.emptyHint')} fill testId="group-empty" />
      </div>
    </>
  );
}
