import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/layout/page-header';
import { EmptyState } from '../../ui/empty-state';
import page from '../../ui/page.module.css';

export function CallsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader icon="call" title={t('calls.title')} />
      <div className={page.body}>
        <EmptyState icon="call" title={t('calls.empty')} hint={t('calls.emptyHint')} fill testId="calls-empty" />
      </div>
    </>
  );
}
