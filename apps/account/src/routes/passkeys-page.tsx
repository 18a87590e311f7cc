import { DefaultPage, LoadError, Loading } from '@app/app-kit';
import { useInnerTranslation } from '../i18n-namespace.ts';
import { useGetPasskeysQuery } from '../features/passkeys/api/passkeys-api.ts';
import { AddPasskey, PasskeyList } from '../features/passkeys/components/passkeys-panel.tsx';
import styles from '../features/passkeys/components/passkeys.module.css';

/** Passkeys: what they are, the ones the user has (rename, remove), and adding another. */
export default function PasskeysPage() {
  const { t } = useInnerTranslation();
  const { data, error, refetch } = useGetPasskeysQuery();
  return (
    <DefaultPage title={t('passkeys.title')} backTo="/pages/user/security">
      <section className={styles.panel} aria-labelledby="passkeys-intro">
        <h2 id="passkeys-intro">{t('passkeys.introTitle')}</h2>
        <p>{t('passkeys.intro')}</p>
        <p>{t('passkeys.stepUp')}</p>
      </section>
      {error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading lines={3} />
      ) : (
        <>
          <PasskeyList items={data.items} />
          {data.items.length < 10 && <AddPasskey count={data.items.length} />}
        </>
      )}
    </DefaultPage>
  );
}
