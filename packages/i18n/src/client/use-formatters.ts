import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@app/contracts';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPrice } from './formatters.ts';

/** Formatters bound to the language on screen; components re-render when it changes. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const lang: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return useMemo(
    () => ({
      lang,
      money: (amount: string | bigint, digits?: number) => formatMoney(amount, lang, digits),
      number: (value: string | number, digits?: number) => formatNumber(value, lang, digits),
      price: (value: string) => formatPrice(value, lang),
      dateTime: (seconds: number) => formatDateTime(seconds, lang),
      date: (seconds: number) => formatDate(seconds, lang),
    }),
    [lang],
  );
}
