import { useTranslation } from 'react-i18next';

/** The same markup as index.html's static splash, so handing over to React changes no pixel. */
export function Splash() {
  const { t } = useTranslation();
  return (
    <div className="app-splash" role="status" aria-label={t('app.loading')}>
      <div className="app-splash__logo" />
    </div>
  );
}
