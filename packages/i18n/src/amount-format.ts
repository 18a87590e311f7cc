import type { ThirdPartyModule } from 'i18next';
import { DEFAULT_LANGUAGE, isLanguage } from '@app/contracts';
import { formatAmountValue, formatPriceValue } from './client/formatters.ts';

/**
 * The `amount` interpolation format of both i18next instances (the app's and the server's): `{{max, amount}}`
 * prints the decimal string the server sends with the grouping and decimal sign of the text's language; the
 * `price` format does the same for a recorded price at its own precision.
 */
export const amountFormat: ThirdPartyModule = {
  type: '3rdParty',
  init(instance) {
    instance.services.formatter?.add('amount', (value, lng) =>
      formatAmountValue(value, isLanguage(lng) ? lng : DEFAULT_LANGUAGE),
    );
    // `{{price, price}}`: a recorded price, every digit kept, grouped the same way.
    instance.services.formatter?.add('price', (value, lng) =>
      formatPriceValue(value, isLanguage(lng) ? lng : DEFAULT_LANGUAGE),
    );
  },
};
