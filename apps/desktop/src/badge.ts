import type { DesktopPlatform } from '@beseda/protocol/desktop';

/*
 * The unread total on the dock (macOS badge text), the taskbar (Windows overlay icon + its accessible description)
 * and the Linux launcher (Unity count) plus the tray tooltip. Discord and Element cap the text at «99+».
 */

const plural = new Intl.PluralRules('ru');

const UNREAD_FORMS: Record<Intl.LDMLPluralRule, string> = {
  zero: 'непрочитанных сообщений',
  one: 'непрочитанное сообщение',
  two: 'непрочитанных сообщения',
  few: 'непрочитанных сообщения',
  many: 'непрочитанных сообщений',
  other: 'непрочитанного сообщения',
};

export function badgeText(total: number): string {
  if (!Number.isFinite(total) || total <= 0) return '';
  return total > 99 ? '99+' : String(Math.floor(total));
}

/** «5 непрочитанных сообщений», or «Нет непрочитанных сообщений». */
export function unreadDescription(total: number): string {
  if (total <= 0) return 'Нет непрочитанных сообщений';
  return `${total} ${UNREAD_FORMS[plural.select(total)]}`;
}

export interface BadgePresentation {
  /** `app.dock.setBadge` (macOS); '' clears it. */
  dockBadge: string | null;
  /** `app.setBadgeCount` (Linux launchers that support it); 0 clears it. */
  launcherCount: number | null;
  /** `win.setOverlayIcon` (Windows): null clears it, otherwise the icon's accessible description. */
  overlay: { description: string } | null;
  /** The tray icon's tooltip (Windows and Linux). */
  trayTooltip: string;
}

export function badgePresentation(total: number, platform: DesktopPlatform): BadgePresentation {
  const count = Number.isFinite(total) && total > 0 ? Math.floor(total) : 0;
  return {
    dockBadge: platform === 'darwin' ? badgeText(count) : null,
    launcherCount: platform === 'linux' ? count : null,
    overlay: platform === 'win32' && count > 0 ? { description: unreadDescription(count) } : null,
    trayTooltip: count > 0 ? `Беседа — ${unreadDescription(count)}` : 'Беседа',
  };
}

/**
 * The Windows overlay icon's pixels: a filled red dot on transparency, BGRA as `nativeImage.createFromBitmap` takes
 * them. Drawn here rather than shipped as a file so the colour matches the web app's unread badge (`--danger` in `apps/web/src/ui/tokens.css`).
 */
export function overlayDotBitmap(size = 16, rgb: readonly [number, number, number] = [0xe5, 0x48, 0x4d]): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const radius = size / 2;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const dx = x + 0.5 - radius;
      const dy = y + 0.5 - radius;
      // One pixel of linear falloff at the edge keeps the circle from looking jagged at 16 px.
      const coverage = Math.max(0, Math.min(1, radius - Math.sqrt(dx * dx + dy * dy)));
      const offset = (y * size + x) * 4;
      pixels[offset] = rgb[2];
      pixels[offset + 1] = rgb[1];
      pixels[offset + 2] = rgb[0];
      pixels[offset + 3] = Math.round(coverage * 255);
    }
  }
  return pixels;
}
