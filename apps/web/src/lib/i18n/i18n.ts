import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '@beseda/protocol/constants';
import { createLogger } from '../logger';
import { ruCore } from './ru-core';

const log = createLogger('i18n');

/** Settings store languages as `ru_RU` (spec §3); i18next and Intl want BCP 47 (`ru`). */
export function toI18nLanguage(language: string): string {
  return language.split(/[_-]/)[0] ?? 'ru';
}

/** Spec §8: a missing translation shows a placeholder and is logged, never surfaced as an error. */
export const MISSING_TRANSLATION_PLACEHOLDER = '…';

export function initI18n(): typeof i18next {
  void i18next.use(initReactI18next).init({
    lng: toI18nLanguage(DEFAULT_LANGUAGE),
    fallbackLng: 'ru',
    resources: { ru: { translation: ruCore } },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    saveMissing: false,
    parseMissingKeyHandler: (key) => {
      log.warn('Missing translation', { key });
      return MISSING_TRANSLATION_PLACEHOLDER;
    },
  });
  return i18next;
}

let appCatalogue: Promise<void> | null = null;

/**
 * Adds the signed-in app's strings (`ru.ts`, its own chunk) to the catalogue. The lazy shell and the invite page
 * load it alongside their own chunk, so /auth never downloads them and nothing renders before its strings are in.
 */
export function loadAppCatalogue(): Promise<void> {
  appCatalogue ??= import('./ru').then(
    ({ ru }) => {
      i18next.addResourceBundle('ru', 'translation', ru, true, false);
    },
    (error: unknown) => {
      appCatalogue = null; // a failed chunk load is retried by the next lazy page
      throw error;
    },
  );
  return appCatalogue;
}
