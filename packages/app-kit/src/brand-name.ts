import { useTranslation } from 'react-i18next';

/**
 * The platform's name as operators set it (brand settings, in the page's boot data), or the app's own
 * (`common:app.name`) until they do, and on a development server, which has no boot data.
 */
export function useBrandName(): string {
  const { t } = useTranslation('common');
  const boot = (globalThis as { __APP_BOOT__?: { brand?: unknown } }).__APP_BOOT__;
  return typeof boot?.brand === 'string' && boot.brand ? boot.brand : t('app.name');
}
