import { useState } from 'react';
import { DefaultPage, LoadError, Loading, useGoBack } from '@app/app-kit';
import { useInnerTranslation } from '../i18n-namespace.ts';
import { useGetAuthenticatorQuery } from '../features/authenticator/api/authenticator-api.ts';
import { AuthenticatorEnrol, AuthenticatorOn } from '../features/authenticator/components/authenticator-setup.tsx';
import { copyText } from '../features/invite/lib/copy-text.ts';
import { useHoldNote } from '../features/password/hooks/use-hold-note.ts';

/** The authenticator app: set it up (QR, first code, recovery codes shown once), or see it on and turn it off. */
export default function AuthenticatorPage() {
  const { t } = useInnerTranslation();
  const goBack = useGoBack('/pages/user/security');
  const { data, error, refetch } = useGetAuthenticatorQuery();
  // The recovery codes stay on screen until the user says they kept them, though the status now says "on".
  const [showingCodes, setShowingCodes] = useState(false);
  const holdNote = useHoldNote();
  return (
    <DefaultPage title={t('authenticator.title')} backTo="/pages/user/security">
      {error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading lines={4} />
      ) : data.on && !showingCodes ? (
        <AuthenticatorOn status={data} holdNote={holdNote} />
      ) : (
        <AuthenticatorEnrol onCodes={() => setShowingCodes(true)} onDone={goBack} copyText={copyText} />
      )}
    </DefaultPage>
  );
}
