/* What the apps share of react-i18next (see react-router.mjs for the rule). */
export {
  I18nContext,
  I18nextProvider,
  Trans,
  Translation,
  initReactI18next,
  useTranslation,
  withTranslation,
} from 'shared-original/react-i18next';
