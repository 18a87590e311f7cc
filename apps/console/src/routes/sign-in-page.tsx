import { useEffect, useRef } from 'react';
import type { OperatorMe, OperatorSession } from '@app/contracts';
import { useCurrentSessionQuery } from '../features/session/api/session-api.ts';
import { SignInScreen } from '../features/session/components/sign-in-screen.tsx';

type RestoredSession = OperatorMe & { csrf_token: string };

/**
 * The sign-in page. A reloaded page may still hold a live session cookie: `GET /admin/session` then answers the
 * session's operator and its CSRF token, and the console goes on without signing in again. Otherwise (no
 * session, or `restore` is off because a session ended or the operator signed out here) the sign-in screen.
 */
export function SignInPage({
  onSignedIn,
  onRestored,
  restore,
  notice,
}: {
  onSignedIn: (session: OperatorSession) => void;
  onRestored: (session: RestoredSession) => void;
  restore: boolean;
  notice: string | null;
}) {
  const current = useCurrentSessionQuery(undefined, { skip: !restore });
  const restoredRef = useRef(onRestored);
  restoredRef.current = onRestored;
  useEffect(() => {
    const restorable = restorableSession(current.data);
    if (restorable) restoredRef.current(restorable);
  }, [current.data]);

  // Nothing while the page asks, and nothing for the instant between the answer and the console.
  if (current.isLoading || restorableSession(current.data)) return null;
  return <SignInScreen onSignedIn={onSignedIn} notice={notice} />;
}

/** A browser's session (never an API token's answer) with its CSRF token: enough to act again. */
function restorableSession(me: OperatorMe | undefined): RestoredSession | null {
  return me?.via === 'session' && me.csrf_token ? { ...me, csrf_token: me.csrf_token } : null;
}
