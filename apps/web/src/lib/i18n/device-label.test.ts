import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { UNKNOWN_DEVICE } from '@beseda/protocol/user';
import { deviceLabel } from './device-label';
import { ru } from './ru';

const i18n = i18next.createInstance();
void i18n.init({ lng: 'ru', resources: { ru: { translation: ru } }, initAsync: false });

describe('deviceLabel', () => {
  it('shows the server’s code for an unnamed client in Russian', () => {
    expect(deviceLabel(UNKNOWN_DEVICE, i18n.t)).toBe('Неизвестное устройство');
  });

  it('keeps browser and system names as the server derives them', () => {
    expect(deviceLabel('Firefox, Windows', i18n.t)).toBe('Firefox, Windows');
  });
});
