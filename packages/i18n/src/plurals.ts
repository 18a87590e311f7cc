import type { ThirdPartyModule } from 'i18next';
import { BCP47, isLanguage, type Language } from '@app/contracts';

/** The suffixes i18next gives the forms of a count text (`key_one`, `key_other`, …). */
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The plural forms CLDR gives a language: English one/other, French one/many/other, Thai other only. */
export function pluralCategories(lang: Language): Intl.LDMLPluralRule[] {
  return new Intl.PluralRules(BCP47[lang]).resolvedOptions().pluralCategories;
}

type RuleSource = { getRule(code: string, options?: object): Intl.PluralRules | undefined };

/**
 * i18next picks a count text's form with `Intl.PluralRules(<language code>)`, but the app's codes "jp" and "hk"
 * are not BCP 47: Intl resolves them to the runtime's default locale (English), so Japanese would look for a
 * `_one` form it does not have. This plugin hands i18next the plural rules of the language's BCP 47 tag.
 */
export const bcp47Plurals: ThirdPartyModule = {
  type: '3rdParty',
  init(instance) {
    const resolver = instance.services.pluralResolver as RuleSource;
    const getRule = resolver.getRule.bind(resolver);
    resolver.getRule = (code, options) => getRule(isLanguage(code) ? BCP47[code] : code, options);
  },
};
