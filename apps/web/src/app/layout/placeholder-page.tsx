import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/empty-state';
import type { IconName } from '../../ui/icon';
import page from '../../ui/page.module.css';
import { PageHeader } from './page-header';

export interface PlaceholderPageProps {
  /** Shown both in the header and in the empty state. */
  icon: IconName;
  /** Catalogue keys: the page's name, the empty state's line and its hint. */
  title: ParseKeys;
  empty: ParseKeys;
  hint: ParseKeys;
  testId: string;
}

/** A page whose feature has not landed yet: the header and an empty state filling the body. */
export function PlaceholderPage({ icon, title, empty, hint, testId }: PlaceholderPageProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader icon={icon} title={t(title)} />
      <div className={page.body}>
        <EmptyState icon={icon} title={t(empty)} hint={t(hint)} fill testId={testId} />
      </div>
    </>
  );
}
