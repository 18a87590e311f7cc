import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import type { AppDispatch, RootState } from '../app/store.ts';
import { isConsoleLanguage, type ConsoleLanguage } from './i18n.ts';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** The signed-in operator (null at sign-in) and what their role allows. */
export const useSession = () => useAppSelector((state) => state.session);

/** The console's current language, for the formatters. */
export function useLanguage(): ConsoleLanguage {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isConsoleLanguage(lng) ? lng : 'en';
}
