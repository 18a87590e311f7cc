import { selectIsLoggedIn, useAppSelector } from '@app/api-client';
import { DefaultPage } from '@app/app-kit';
import { LinkButton } from '@app/ui/link-button';
import { SendCodeButton } from '../features/session/components/send-code-button.tsx';
import { GuestSupport } from '../features/support/components/guest-support.tsx';
import { useInnerTranslation } from '../i18n-namespace.ts';
import { ServiceChannels } from '../features/support/components/service-channels.tsx';
import { SupportConversation } from '../features/support/components/support-conversation.tsx';
import { SupportComposer } from '../features/support/components/support-composer.tsx';
import styles from '../features/support/components/support.module.css';

const LOGIN = `#/pages/login/login?redirect=${encodeURIComponent('/pages/customer/customer')}`;

/**
 * Customer service, open to visitors (a forgotten password leads here): the channels operators publish, and the
 * in-app conversation: a logged-in user's, started from one of the spec's quick topics, or for a visitor one
 * tied to a phone number they prove with an SMS code.
 */
export default function CustomerPage() {
  const { t } = useInnerTranslation();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  return (
    <DefaultPage title={t('customer.title')}>
      <section className={styles.section} aria-labelledby="support-chat-title">
        <h2 id="support-chat-title" className={styles.heading}>
          {t('support.chat')}
        </h2>
        {loggedIn ? (
          <>
            {/* The badge on Mine is a logged-in user's: a visitor is not promised it. */}
            <p className={styles.muted}>{t('support.intro')}</p>
            <SupportConversation />
            <SupportComposer />
          </>
        ) : (
          <>
            <p className={styles.muted}>{t('customer.intro')}</p>
            <ul className={styles.muted}>
              <li>{t('customer.topicPassword')}</li>
              <li>{t('customer.topicLocked')}</li>
              <li>{t('customer.topicRecharge')}</li>
              <li>{t('customer.topicRewards')}</li>
            </ul>
            <GuestSupport sendCode={(props) => <SendCodeButton purpose="support" {...props} />} />
            <p className={styles.muted}>{t('support.guest.orLogin')}</p>
            <LinkButton href={LOGIN} block variant="secondary">
              {t('support.login')}
            </LinkButton>
          </>
        )}
      </section>
      <ServiceChannels />
    </DefaultPage>
  );
}
