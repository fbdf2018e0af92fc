import { Suspense, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GroupSidebar } from '../../features/groups/group-sidebar';
import { HomeSidebar } from '../../features/home/home-sidebar';
import { SettingsSidebar } from '../../features/settings/settings-sidebar';
import { Spinner } from '../../ui/spinner';
import { AppRealtime } from '../realtime/app-realtime';
import { createAppRealtimeClient } from '../realtime/app-realtime-client';
import { SignedInRoot } from '../signed-in/signed-in-root';
import styles from './layout.module.css';
import { ResizableSidebar } from './resizable-sidebar';
import { Toolbar } from './toolbar';
import { UnreadTitle } from './unread-title';
import { UserPanel } from './user-panel';

/** The frame of every signed-in page: toolbar, then a section (sidebar + main column), inside the live connection. */
export function AppLayout() {
  const [realtime] = useState(createAppRealtimeClient);
  return (
    <SignedInRoot realtime={realtime}>
      <AppRealtime client={realtime}>
        <div className={styles.app} data-testid="app-layout">
          <UnreadTitle />
          <Toolbar />
          <Outlet />
        </div>
      </AppRealtime>
    </SignedInRoot>
  );
}

function Section({ sidebar, label }: { sidebar: ReactNode; label: string }) {
  const { t } = useTranslation();
  return (
    <>
      <ResizableSidebar label={label}>
        {sidebar}
        <UserPanel />
      </ResizableSidebar>
      <main className={styles.main}>
        <Suspense
          fallback={
            <div className={styles.contentFallback}>
              <Spinner label={t('app.loading')} />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}

export function HomeLayout() {
  const { t } = useTranslation();
  return <Section sidebar={<HomeSidebar />} label={t('nav.home')} />;
}

export function GroupLayout() {
  const { t } = useTranslation();
  return <Section sidebar={<GroupSidebar />} label={t('group.sidebarTitle')} />;
}

export function SettingsLayout() {
  const { t } = useTranslation();
  return <Section sidebar={<SettingsSidebar />} label={t('nav.settings')} />;
}
