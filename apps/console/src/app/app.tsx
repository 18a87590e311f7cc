import { I18nextProvider, useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import type { i18n } from 'i18next';
import { useAppDispatch, useSession } from '../lib/hooks.ts';
import { sessionRestored, signedIn } from '../lib/session-slice.ts';
import { ConsoleRoutes } from '../routes/console-routes.tsx';
import { SignInPage } from '../routes/sign-in-page.tsx';
import type { ConsoleStore } from './store.ts';

/** Signed in (or a reloaded page whose session lives on), the console; otherwise the sign-in page. */
function Root() {
  const session = useSession();
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  if (!session.operator)
    return (
      <SignInPage
        onSignedIn={(answer) => dispatch(signedIn(answer))}
        onRestored={(me) => dispatch(sessionRestored(me))}
        // Only a freshly loaded page: never straight back into a session that just ended or was signed out of.
        restore={session.ended === null}
        notice={session.ended === 'expired' ? t('signIn.expired') : null}
      />
    );
  return <ConsoleRoutes />;
}

export function App({ store, i18n }: { store: ConsoleStore; i18n: i18n }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <Root />
      </I18nextProvider>
    </Provider>
  );
}
