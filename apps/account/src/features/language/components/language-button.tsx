import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobeIcon, NavBarButton } from '@app/ui';
import { LANGUAGE_NAMES, isLanguage } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { LanguageSheet } from './language-sheet.tsx';

/** The globe in the login and register bars: language can be chosen before there is an account. */
export function LanguageButton() {
  const { t, i18n } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  const name = isLanguage(i18n.language) ? LANGUAGE_NAMES[i18n.language] : LANGUAGE_NAMES.en;
  return (
    <>
      <NavBarButton onClick={() => setOpen(true)} aria-label={`${t('language.title')}: ${name}`}>
        <GlobeIcon />
      </NavBarButton>
      <LanguageSheet open={open} onClose={() => setOpen(false)} />
    </>
  );
}
