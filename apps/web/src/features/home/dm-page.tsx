import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/layout/page-header';
import { EmptyState } from '../../ui/empty-state';
import page from '../../ui/page.module.css';

export function DmPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader icon="chat" title={t('chat.title')} />
      <div className={page.body}>
        <EmptyState icon="chat" title={t('chat.empty')} hint={t('chat.emptyHint')} fill testId="chat-empty" />
      </div>
    </>
  );
}
