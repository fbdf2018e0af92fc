import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { ToastStack } from '../features/toasts/toast-stack';
import { updateBannerKind, useAppStore } from './app-store';
import { AppRoutes } from './app-routes';
import { readDesktopBridge } from './desktop/desktop-bridge';
import { DesktopNavigator, type DesktopNavigation } from './desktop/desktop-navigation';
import { TitleBar } from './desktop/title-bar';
import { Splash } from './splash';
import { UpdateBanner } from './update-banner';

// Only the desktop shell ever asks for the picker: a browser never loads its chunk.
const ScreenSharePickerHost = lazy(() =>
  import('./desktop/screen-share-picker').then((module) => ({ default: module.ScreenSharePickerHost })),
);
const desktopBridge = readDesktopBridge(window);

/** The router mounts only once start-up knows who the user is, so the guard never decides on a guess. */
export function App({ desktopNavigation }: { desktopNavigation: DesktopNavigation | null }) {
  const ready = useAppStore((state) => state.ready);
  const updateBanner = useAppStore(updateBannerKind);
  return (
    <>
      <TitleBar />
      {updateBanner ? <UpdateBanner kind={updateBanner} /> : null}
      {ready ? (
        <BrowserRouter>
          {desktopNavigation ? <DesktopNavigator navigation={desktopNavigation} /> : null}
          <AppRoutes />
        </BrowserRouter>
      ) : (
        <Splash />
      )}
      <ToastStack />
      {desktopBridge ? (
        <Suspense fallback={null}>
          <ScreenSharePickerHost bridge={desktopBridge} />
        </Suspense>
      ) : null}
    </>
  );
}
