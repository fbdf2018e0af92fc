import { describe, expect, it } from 'vitest';
import { maximizeButton, titleBarKind } from './title-bar';

describe('titleBarKind', () => {
  it('draws controls on Windows, a traffic-light strip on macOS, nothing on Linux or in the browser', () => {
    expect(titleBarKind({ isDesktop: true, isWindows: true, isMacos: false })).toBe('windows');
    expect(titleBarKind({ isDesktop: true, isWindows: false, isMacos: true })).toBe('macos');
    expect(titleBarKind({ isDesktop: true, isWindows: false, isMacos: false })).toBeNull();
    // A Windows browser has its own frame.
    expect(titleBarKind({ isDesktop: false, isWindows: true, isMacos: false })).toBeNull();
  });
});

describe('maximizeButton', () => {
  it('maximizes a normal window, restores a maximized one and leaves fullscreen first', () => {
    expect(maximizeButton({ isMaximized: false, isFullscreen: false })).toEqual({
      icon: 'square',
      labelKey: 'desktop.maximize',
      action: 'toggleMaximize',
    });
    expect(maximizeButton({ isMaximized: true, isFullscreen: false })).toEqual({
      icon: 'windowRestore',
      labelKey: 'desktop.restore',
      action: 'toggleMaximize',
    });
    expect(maximizeButton({ isMaximized: true, isFullscreen: true })).toEqual({
      icon: 'windowRestore',
      labelKey: 'desktop.exitFullscreen',
      action: 'toggleFullscreen',
    });
  });
});
