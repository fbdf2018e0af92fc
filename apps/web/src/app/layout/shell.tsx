import { Suspense, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CallPanel } from '../../features/calls/call-panel';
import { CallRuntime } from '../../features/calls/call-runtime';
import { DirectCallRuntime } from '../../features/direct-calls/direct-call-runtime';
import { GroupSidebar } from '../../features/groups/group-sidebar';
import { HomeSidebar } from '../../features/home/home-sidebar';
import { NotificationsRuntime } from '../../features/notifications/notifications-runtime';
import { SettingsSidebar } from '../../features/settings/settings-sidebar';
import { Spinner } from '../../ui/spinner';
import { AppRealtime } from '../realtime/app-realtime';
import { createAppRealtimeClient } from '../realtime/app-realtime-client';
import { SignedInRoot } from '../signed-in/signed-in-root';
import { useDrawer } from './drawer-store';
import styles from './layout.module.css';
import { ResizableSidebar } from './resizable-sidebar';
import { Toolbar } from './toolbar';
import { UnreadTitle } from './unread-title';
import { useDrawerClosing } from './use-drawer-closing';
import { UserPanel } from './user-panel';

/**
 * The frame of every signed-in page: toolbar, then a section (sidebar + main column), inside the live connection.
 * On a narrow window the toolbar and the sidebar form a drawer over the content (see `layout.module.css`).
 */
export function AppLayout() {
  const { t } = useTranslation();
  const [realtime] = useState(createAppRealtimeClient);
  const drawerOpen = useDrawer((state) => state.open);
  const setDrawerOpen = useDrawer((state) => state.setOpen);
  useDrawerClosing();
  return (
    <SignedInRoot realtime={realtime}>
      <AppRealtime client={realtime}>
        <div className={styles.app} data-drawer-open={drawerOpen || undefined} data-testid="app-layout">
          <UnreadTitle />
          <CallRuntime />
          <DirectCallRuntime />
          <NotificationsRuntime />
          <Toolbar />
          <Outlet />
          {/* Only rendered as a layer below the drawer breakpoint; a click beside the drawer closes it. */}
          <button
            type="button"
            className={styles.drawerBackdrop}
            aria-label={t('nav.closeMenu')}
            tabIndex={-1}
            onClick={() => setDrawerOpen(false)}
            data-testid="drawer-backdrop"
          />
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
        <CallPanel />
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
