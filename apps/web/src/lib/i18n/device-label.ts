import { UNKNOWN_DEVICE } from '@beseda/protocol/user';
import type { TFunction } from 'i18next';

/**
 * The words for a session's `device`: browser and system names are proper names and stay as the server derives
 * them («Chrome, Linux»); the server's code for a client it cannot name becomes «Неизвестное устройство».
 */
export function deviceLabel(device: string, t: TFunction): string {
  return device === UNKNOWN_DEVICE ? t('settings.unknownDevice') : device;
}
