import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/layout/page-header';
import { EmptyState } from '../../ui/empty-state';
import page from '../../ui/page.module.css';

/** Spec §2: a placeholder saying integrations are coming soon. */
export function IntegrationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader icon="plug" title={t('settings.integrations')} />
      <div className={page.body}>
        <EmptyState
          icon="plug"
          title={t('settings.integrationsEmpty')}
          hint={t('settings.integrationsHint')}
          fill
          testId="integrations-empty"
        />
      </div>
    </>
  );
}
