import 'i18next';
import type { Catalogue } from './ru';

// Typed keys: `t('auth.email')` is checked against the ru catalogue at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}
