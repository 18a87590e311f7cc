import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@app/contracts';
import type { AppDispatch, RootState } from '../app/store.ts';
import { isConsoleLanguage, type ConsoleLanguage } from './i18n.ts';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** The signed-in operator (null at sign-in) and what their role allows. */
export const useSession = () => useAppSelector((state) => state.session);

/**
 * Whether the signed-in operator's role allows `permission` (false when no one is signed in): what the console shows
 * or asks for. The server decides again on every request; this only spares the operator a control they may not use.
 * Here rather than in features/session, as every feature asks it and features never import each other.
 */
export const usePermission = (permission: Permission): boolean =>
  useAppSelector((state) => state.session.permissions.includes(permission));

/** The console's current language, for the formatters. */
export function useLanguage(): ConsoleLanguage {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isConsoleLanguage(lng) ? lng : 'en';
}
