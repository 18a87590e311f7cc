import { configureApiClient, languageChanged, makeStore, type AppStore } from '@app/api-client';
import { currentLanguage, initI18n } from '@app/i18n/client';
import { applyPreferences } from '@app/ui';
import type { i18n } from 'i18next';

export type Platform = { i18n: i18n; store: AppStore };

/**
 * The app's state before any screen: preferences on <html>, the one i18next (the user's language loaded), the
 * api client and the one store. Loaded and run before the screens' code, so the start-up work comes in
 * several short tasks instead of one long one.
 */
export async function startPlatform(): Promise<Platform> {
  applyPreferences();
  const i18n = await initI18n();
  configureApiClient({ getLanguage: currentLanguage });
  const store = makeStore();
  // What the server wrote in the old language (Home's banners and notices, news, messages) is asked for again.
  i18n.on('languageChanged', () => store.dispatch(languageChanged()));
  return { i18n, store };
}
