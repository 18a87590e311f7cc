import { useState } from 'react';
import { useGetUserInfoQuery } from '@app/api-client';
import { AlertIcon, Button, ConfirmDialog, HeadsetIcon, useToast } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { Loading, apiErrorText } from '@app/app-kit';
import { useFormatters } from '@app/i18n/client';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import { useFreezeAccountMutation } from '../api/security-api.ts';
import styles from './security.module.css';

/** The section's id: the new-device message sends the user to Security to sign out everywhere and freeze. */
export const FREEZE_SECTION_ID = 'freeze';

/**
 * "Freeze my account": for a user who thinks someone else has their password or phone. Behind a confirmation it
 * stops withdrawals and payout-method changes at once and signs out every other device; only customer service
 * can unfreeze. Once frozen, the section says since when, what is stopped and who to contact.
 */
export function FreezeSection() {
  const { t } = useInnerTranslation();
  const f = useFormatters();
  const toast = useToast();
  const { data: user, isError } = useGetUserInfoQuery();
  const [freeze, { isLoading }] = useFreezeAccountMutation();
  const [confirming, setConfirming] = useState(false);
  // An older server does not send the field: not frozen.
  const frozenAt = user?.frozen_at ?? null;

  const confirm = async () => {
    if (isLoading) return;
    try {
      const { signed_out } = await freeze().unwrap();
      toast.info(signed_out > 0 ? t('freeze.done', { count: signed_out }) : t('freeze.doneAlone'));
    } catch (e) {
      toast.error(apiErrorText(e, t));
    } finally {
      setConfirming(false);
    }
  };

  if (isError && !user) return null;
  if (frozenAt !== null) {
    return (
      <section
        id={FREEZE_SECTION_ID}
        className={`${styles.section} ${styles.frozen}`}
        aria-labelledby="freeze-title"
        data-testid="freeze-section"
      >
        <h2 id="freeze-title" className={styles.heading}>
          <AlertIcon size={20} />
          {t('freeze.frozenTitle')}
        </h2>
        <p className={styles.since} data-testid="frozen-since">
          {t('freeze.since', { time: f.dateTime(frozenAt) })}
        </p>
        <p className={styles.text}>{t('freeze.frozenBody')}</p>
        <LinkButton variant="secondary" block href="#/pages/customer/customer">
          <HeadsetIcon size={20} />
          {t('freeze.contact')}
        </LinkButton>
      </section>
    );
  }
  return (
    <section
      id={FREEZE_SECTION_ID}
      className={styles.section}
      aria-labelledby="freeze-title"
      data-testid="freeze-section"
    >
      <h2 id="freeze-title">{t('freeze.title')}</h2>
      {!user ? (
        <Loading lines={2} />
      ) : (
        <>
          <p className={styles.text}>{t('freeze.explain')}</p>
          <Button variant="danger" block onClick={() => setConfirming(true)}>
            {t('freeze.title')}
          </Button>
          <ConfirmDialog
            open={confirming}
            title={t('freeze.confirmTitle')}
            message={
              <ul className={styles.consequences}>
                <li>{t('freeze.confirmWithdrawals')}</li>
                <li>{t('freeze.confirmDevices')}</li>
                <li>{t('freeze.confirmUnfreeze')}</li>
              </ul>
            }
            confirmLabel={t('freeze.confirm')}
            cancelLabel={t('actions.cancel', { ns: 'common' })}
            busy={isLoading}
            onConfirm={() => void confirm()}
            onCancel={() => setConfirming(false)}
            danger
          />
        </>
      )}
    </section>
  );
}
