import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { DesktopBridge } from '@beseda/protocol/desktop';

/**
 * An in-app route as the shell's `desktop:navigate` carries it: one leading slash (never `//host`), no whitespace or
 * backslash. The main process validates it already; the page checks again because a bad push would otherwise reach
 * `history.pushState`.
 */
export function isAppRoute(route: unknown): route is string {
  return typeof route === 'string' && /^\/(?!\/)[^\s\\]*$/.test(route);
}

export interface DesktopNavigation {
  /** The router while it is mounted (null when it goes); a route that came before it waits for it. */
  setNavigator(navigate: ((route: string) => void) | null): void;
  stop(): void;
}

/**
 * Deep links, notification clicks and second launches (issue 16): the shell pushes a route and the SPA goes there as
 * if a link had been clicked, so the guard still sends a signed-out user to /auth (and back afterwards) and an unknown
 * route shows the not-found page. The router mounts only once start-up is done, so the latest route that arrived
 * before it is kept and opened then.
 */
export function followDesktopNavigation(bridge: Pick<DesktopBridge, 'onNavigate'>): DesktopNavigation {
  let navigator: ((route: string) => void) | null = null;
  let pending: string | null = null;
  const stop = bridge.onNavigate((route) => {
    if (!isAppRoute(route)) return;
    if (navigator) navigator(route);
    else pending = route;
  });
  return {
    setNavigator(next) {
      navigator = next;
      if (next === null || pending === null) return;
      const route = pending;
      pending = null;
      next(route);
    },
    stop,
  };
}

/** Rendered inside the router: hands its `navigate` to the shell's pushes while mounted. */
export function DesktopNavigator({ navigation }: { navigation: DesktopNavigation }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigation.setNavigator((route) => void navigate(route));
    return () => navigation.setNavigator(null);
  }, [navigation, navigate]);
  return null;
}
