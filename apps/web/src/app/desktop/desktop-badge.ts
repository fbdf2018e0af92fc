import type { DesktopBridge } from '@beseda/protocol/desktop';

export interface BadgeSync {
  /** The unread total now; reaches the shell only when it differs from the last one sent. */
  set(count: number): void;
}

/**
 * The unread total on the tray, dock and taskbar (issue 16): the same number the tab title shows. Each change crosses
 * IPC and repaints the taskbar overlay, so a re-render (or a remount of the layout) with the same total sends nothing.
 */
export function createBadgeSync(
  bridge: Pick<DesktopBridge, 'setBadgeCount'> | undefined,
  log: { warn(message: string, data?: unknown): void },
): BadgeSync {
  let sent: number | null = null;
  return {
    set(count) {
      if (!bridge || count === sent) return;
      sent = count;
      bridge.setBadgeCount(count).catch((error: unknown) => {
        // Not sent after all: the next total tries again rather than being skipped as unchanged.
        sent = null;
        log.warn('The desktop badge was not updated', error);
      });
    },
  };
}
