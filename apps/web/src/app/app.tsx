import { BrowserRouter } from 'react-router';
import { ToastStack } from '../features/toasts/toast-stack';
import { useAppStore } from './app-store';
import { AppRoutes } from './app-routes';
import { Splash } from './splash';
import { UpdateBanner } from './update-banner';

/** The router mounts only once start-up knows who the user is, so the guard never decides on a guess. */
export function App() {
  const ready = useAppStore((state) => state.ready);
  const outdated = useAppStore((state) => state.outdated);
  return (
    <>
      {outdated && <UpdateBanner />}
      {ready ? (
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      ) : (
        <Splash />
      )}
      <ToastStack />
    </>
  );
}
