import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/layout/page-header';
import { EmptyState } from '../../ui/empty-state';
import page from '../../ui/page.module.css';

export function CalendarPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader icon="calendar" title={t('calendar.title')} />
      <div className={page.body}>
        <EmptyState
          icon="calendar"
          title={t('calendar.empty')}
          hint={t('calendar.emptyHint')}
          fill
          testId="calendar-empty"
        />
      </div>
    </>
  );
}
