import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../app/routes';
import { SidebarLink, SidebarSectionHeader } from '../../ui/sidebar-nav';
import styles from './settings-sidebar.module.css';

/** Spec §2 settings sidebar: User settings (My account, Integrations) and App settings (Audio and video). */
export function SettingsSidebar() {
  const { t } = useTranslation();
  const userId = useId();
  const appId = useId();
  return (
    <div className={styles.scroll}>
      <nav className={styles.group} aria-labelledby={userId}>
        <SidebarSectionHeader id={userId} title={t('settings.userGroup')} />
        <div className={styles.links}>
          <SidebarLink to={ROUTES.settingsMy} label={t('settings.my')} icon="user" compact testId="nav-settings-my" />
          <SidebarLink
            to={ROUTES.settingsIntegrations}
            label={t('settings.integrations')}
            icon="plug"
            compact
            testId="nav-settings-integrations"
          />
        </div>
      </nav>
      <nav className={styles.group} aria-labelledby={appId}>
        <SidebarSectionHeader id={appId} title={t('settings.appGroup')} />
        <div className={styles.links}>
          <SidebarLink
            to={ROUTES.settingsAudioVideo}
            label={t('settings.audioVideo')}
            icon="mic"
            compact
            testId="nav-settings-audio-video"
          />
        </div>
      </nav>
    </div>
  );
}
