import { describe, expect, it, vi } from 'vitest';
import { followDesktopNavigation, isAppRoute } from './desktop-navigation';

/** The bridge's `onNavigate` with pushes the test drives, as the main process sends `desktop:navigate`. */
function fakeShell() {
  const listeners = new Set<(route: string) => void>();
  return {
    bridge: {
      onNavigate(listener: (route: string) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    listeners,
    push(route: string) {
      for (const listener of listeners) listener(route);
    },
  };
}

describe('isAppRoute', () => {
  it('takes in-app paths only', () => {
    expect(isAppRoute('/channels/@me/abc')).toBe(true);
    expect(isAppRoute('/invite/Ab12?x=1')).toBe(true);
    for (const bad of ['', 'channels', '//evil.example/x', '/a b', '/a\\b', 'https://evil.example/', 7, null]) {
      expect(isAppRoute(bad)).toBe(false);
    }
  });
});

describe('followDesktopNavigation', () => {
  it('routes every push through the mounted router', () => {
    const shell = fakeShell();
    const navigation = followDesktopNavigation(shell.bridge);
    const navigate = vi.fn();
    navigation.setNavigator(navigate);
    shell.push('/channels/@me/chat-1');
    shell.push('/invite/abc');
    expect(navigate.mock.calls).toEqual([['/channels/@me/chat-1'], ['/invite/abc']]);
  });

  it('keeps the latest route that came before the router and opens it once the router mounts', () => {
    const shell = fakeShell();
    const navigation = followDesktopNavigation(shell.bridge);
    shell.push('/channels/@me/old');
    shell.push('/channels/@me/new');
    const navigate = vi.fn();
    navigation.setNavigator(navigate);
    expect(navigate.mock.calls).toEqual([['/channels/@me/new']]);
    // Unmounted (sign-out, a reload of the router): the next push waits again.
    navigation.setNavigator(null);
    shell.push('/channels/@me/later');
    expect(navigate).toHaveBeenCalledTimes(1);
    navigation.setNavigator(navigate);
    expect(navigate).toHaveBeenLastCalledWith('/channels/@me/later');
  });

  it('ignores a push that is not an in-app route and unsubscribes on stop', () => {
    const shell = fakeShell();
    const navigation = followDesktopNavigation(shell.bridge);
    const navigate = vi.fn();
    navigation.setNavigator(navigate);
    shell.push('//evil.example/');
    expect(navigate).not.toHaveBeenCalled();
    navigation.stop();
    expect(shell.listeners.size).toBe(0);
  });
});
