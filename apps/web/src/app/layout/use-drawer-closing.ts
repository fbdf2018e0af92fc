import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useDrawer } from './drawer-store';

/** Closes the drawer on every navigation (the pick is made, show it) and on Escape. */
export function useDrawerClosing(): void {
  const { pathname } = useLocation();
  const open = useDrawer((state) => state.open);
  const setOpen = useDrawer((state) => state.setOpen);

  useEffect(() => {
    setOpen(false);
  }, [pathname, setOpen]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, setOpen]);
}
