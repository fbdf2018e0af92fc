/** Forms for 1, 2–4 and 5+ (e.g. минута, минуты, минут); `other` (fractions) defaults to the 2–4 form. */
export interface RussianForms {
  one: string;
  few: string;
  many: string;
  other?: string;
}

const rules = new Intl.PluralRules('ru');

/** Picks the Russian plural form for `n` with Intl.PluralRules('ru'), the same rules i18next uses. */
export function pluralRu(n: number, forms: RussianForms): string {
  switch (rules.select(n)) {
    case 'one':
      return forms.one;
    case 'few':
      return forms.few;
    case 'many':
      return forms.many;
    default:
      return forms.other ?? forms.few;
  }
}
