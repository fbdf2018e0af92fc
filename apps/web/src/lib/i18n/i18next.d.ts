import 'i18next';
import type { CoreCatalogue } from './ru-core';
import type { AppCatalogue } from './ru';

// Typed keys: `t('auth.email')` is checked against the whole ru catalogue at compile time. The two files load at
// different times (see i18n.ts) but their namespaces never overlap, so the type is simply both.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: CoreCatalogue & AppCatalogue };
  }
}
