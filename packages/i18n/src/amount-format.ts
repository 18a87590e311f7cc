import type { ThirdPartyModule } from 'i18next';
import { DEFAULT_LANGUAGE, isLanguage } from '@app/contracts';
import { formatAmountValue } from './client/formatters.ts';

/**
 * The `amount` interpolation format of both i18next instances (the app's and the server's): `{{max, amount}}`
 * prints the decimal string the server sends with the grouping and decimal sign of the text's language.
 */
export const amountFormat: ThirdPartyModule = {
  type: '3rdParty',
  init(instance) {
    instance.services.formatter?.add('amount', (value, lng) =>
      formatAmountValue(value, isLanguage(lng) ? lng : DEFAULT_LANGUAGE),
    );
  },
};
