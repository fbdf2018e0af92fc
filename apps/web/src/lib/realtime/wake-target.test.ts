import { describe, expect, it } from 'vitest';
import { createWakeTarget } from './wake-target';

function sources(online = true) {
  const window = new EventTarget();
  const document = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState });
  const target = createWakeTarget({ window, document, isOnline: () => online });
  const heard: string[] = [];
  target.addEventListener('online', () => heard.push('online'));
  target.addEventListener('offline', () => heard.push('offline'));
  const show = (state: DocumentVisibilityState) => {
    document.visibilityState = state;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  return { window, show, heard };
}

describe('createWakeTarget', () => {
  it('passes the browser’s online and offline events through', () => {
    const { window, heard } = sources();
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    expect(heard).toEqual(['offline', 'online']);
  });

  it('says online when the tab becomes visible, not when it is hidden', () => {
    const { show, heard } = sources();
    show('hidden');
    expect(heard).toEqual([]);
    show('visible');
    expect(heard).toEqual(['online']);
  });

  it('stays quiet when the tab is shown while the device is offline', () => {
    const { show, heard } = sources(false);
    show('visible');
    expect(heard).toEqual([]);
  });
});
