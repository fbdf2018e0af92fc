import { useEffect, useMemo, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SIDEBAR_SAVE_DEBOUNCE_MS } from '@beseda/protocol/constants';
import { useGlobalSettings } from '../../features/settings/global-settings-store';
import { useDragResize } from '../../ui/use-drag-resize';
import styles from './layout.module.css';
import {
  clampSidebarWidth,
  debounce,
  SIDEBAR_KEYBOARD_STEP,
  SIDEBAR_MAX_WIDTH,
  SIDEBAR_MIN_WIDTH,
} from './sidebar-width';

/**
 * Spec §2: a sidebar resizable by dragging its edge (or with the arrow keys on the handle). The width is the
 * global setting `widthStatusBar`, loaded before the first render (no jump) and saved 200 ms after the last move.
 */
export function ResizableSidebar({ children, label }: { children: ReactNode; label: string }) {
  const { t } = useTranslation();
  const storedWidth = useGlobalSettings((state) => state.settings.widthStatusBar);
  const update = useGlobalSettings((state) => state.update);
  const [dragWidth, setDragWidth] = useState<number | null>(null);
  const width = clampSidebarWidth(dragWidth ?? storedWidth);
  const [resizing, setResizing] = useState(false);

  const save = useMemo(
    () => debounce((value: number) => update('widthStatusBar', value), SIDEBAR_SAVE_DEBOUNCE_MS),
    [update],
  );
  // Leaving the layout mid-debounce still keeps the last width.
  useEffect(() => () => save.flush(), [save]);

  function resizeTo(next: number) {
    const clamped = clampSidebarWidth(next);
    setDragWidth(clamped);
    save.call(clamped);
  }

  const dragHandlers = useDragResize({ axis: 'x', size: width, resizeTo, onDragging: setResizing });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const steps: Record<string, number> = {
      ArrowLeft: width - SIDEBAR_KEYBOARD_STEP,
      ArrowRight: width + SIDEBAR_KEYBOARD_STEP,
      Home: SIDEBAR_MIN_WIDTH,
      End: SIDEBAR_MAX_WIDTH,
    };
    const next = steps[event.key];
    if (next === undefined) return;
    event.preventDefault();
    resizeTo(next);
  }

  return (
    <aside
      className={`${styles.sidebar} ${resizing ? styles.resizing : ''}`}
      // A custom property, not `width`: below the drawer breakpoint the stylesheet caps it to the window.
      style={{ '--sidebar-width': `${width}px` } as CSSProperties}
      aria-label={label}
      data-testid="sidebar"
    >
      <div className={styles.sidebarBody}>{children}</div>
      <div
        className={styles.resizeHandle}
        role="separator"
        aria-orientation="vertical"
        aria-label={t('nav.sidebarResize')}
        aria-valuenow={width}
        aria-valuemin={SIDEBAR_MIN_WIDTH}
        aria-valuemax={SIDEBAR_MAX_WIDTH}
        tabIndex={0}
        {...dragHandlers}
        onKeyDown={onKeyDown}
        data-testid="sidebar-resize"
      />
    </aside>
  );
}
