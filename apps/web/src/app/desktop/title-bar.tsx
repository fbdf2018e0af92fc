import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../ui/icon';
import { useAppStore } from '../app-store';
import { readDesktopBridge } from './desktop-bridge';
import styles from './title-bar.module.css';

export type TitleBarKind = 'windows' | 'macos';

/**
 * Which title bar the desktop shell needs (spec §2, issue 16): Windows gets a frameless window, so the app draws the
 * drag strip and the window controls; macOS keeps its traffic lights over a hidden-inset title bar, so the app leaves
 * them a drag strip of their own; Linux (native frame) and the browser need nothing.
 */
export function titleBarKind(state: { isDesktop: boolean; isWindows: boolean; isMacos: boolean }): TitleBarKind | null {
  if (!state.isDesktop) return null;
  if (state.isWindows) return 'windows';
  if (state.isMacos) return 'macos';
  return null;
}

/** The maximize button follows the window: fullscreen first (its exit is what the user needs), then maximized. */
export function maximizeButton(state: { isMaximized: boolean; isFullscreen: boolean }): {
  icon: IconName;
  labelKey: 'desktop.exitFullscreen' | 'desktop.restore' | 'desktop.maximize';
  action: 'toggleFullscreen' | 'toggleMaximize';
} {
  if (state.isFullscreen)
    return { icon: 'windowRestore', labelKey: 'desktop.exitFullscreen', action: 'toggleFullscreen' };
  if (state.isMaximized) return { icon: 'windowRestore', labelKey: 'desktop.restore', action: 'toggleMaximize' };
  return { icon: 'square', labelKey: 'desktop.maximize', action: 'toggleMaximize' };
}

/**
 * The strip above the whole app in the desktop shell. The page moves down by its height (`--titlebar-height` on the
 * root element), so every layout below it stays as it is in the browser.
 */
export function TitleBar() {
  const { t } = useTranslation();
  const kind = useAppStore(titleBarKind);
  const isMaximized = useAppStore((state) => state.isMaximized);
  const isFullscreen = useAppStore((state) => state.isFullscreen);

  useLayoutEffect(() => {
    const root = document.documentElement;
    if (kind) root.dataset.titlebar = kind;
    else delete root.dataset.titlebar;
    return () => {
      delete root.dataset.titlebar;
    };
  }, [kind]);

  // macOS draws no title bar in fullscreen (the traffic lights leave with it); the strip would be an empty band.
  if (!kind || (kind === 'macos' && isFullscreen)) return null;
  const bridge = readDesktopBridge(window);
  const maximize = maximizeButton({ isMaximized, isFullscreen });
  return (
    <div
      className={styles.bar}
      data-kind={kind}
      role="toolbar"
      aria-label={t('desktop.titleBar')}
      data-testid="title-bar"
    >
      <span className={styles.name}>{t('app.name')}</span>
      {kind === 'windows' && bridge ? (
        <div className={styles.controls} data-testid="window-controls">
          <button
            type="button"
            className={styles.control}
            aria-label={t('desktop.minimize')}
            title={t('desktop.minimize')}
            onClick={() => void bridge.minimize()}
            data-testid="window-minimize"
          >
            <Icon name="windowMinimize" size={16} />
          </button>
          <button
            type="button"
            className={styles.control}
            aria-label={t(maximize.labelKey)}
            title={t(maximize.labelKey)}
            onClick={() => void bridge[maximize.action]()}
            data-testid="window-maximize"
            data-icon={maximize.icon}
          >
            <Icon name={maximize.icon} size={16} />
          </button>
          <button
            type="button"
            className={`${styles.control} ${styles.close}`}
            aria-label={t('desktop.close')}
            title={t('desktop.close')}
            onClick={() => void bridge.close()}
            data-testid="window-close"
          >
            <Icon name="windowClose" size={16} />
          </button>
        </div>
      ) : null}
    </div>
  );
}
