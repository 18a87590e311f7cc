import { useTranslation } from 'react-i18next';
import { isApiError } from '@app/api-client';
import { sendCodeBodySchema } from '@app/contracts';
import { Button, useCountdown, useToast } from '@app/ui';
import { apiErrorText } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import { useSendCodeMutation } from '../api/session-api.ts';
import styles from './auth-layout.module.css';

/**
 * Requests an SMS code for the phone typed so far, then counts down until the server allows another one
 * (the wait comes from the server's resend_in, never guessed here).
 */
export function SendCodeButton({ phone, onPhoneInvalid }: { phone: string; onPhoneInvalid: () => void }) {
  const { t } = useTranslation(NS);
  const toast = useToast();
  const [sendCode, { isLoading }] = useSendCodeMutation();
  const { remaining, running, start } = useCountdown();

  const onClick = async () => {
    const parsed = sendCodeBodySchema.safeParse({ phone, purpose: 'register' });
    if (!parsed.success) {
      onPhoneInvalid();
      return;
    }
    try {
      const data = await sendCode(parsed.data).unwrap();
      start(data.resend_in);
      toast.info(t('code_sent', { ns: 'errors' }));
    } catch (error) {
      const wait = isApiError(error) ? Number(error.params?.seconds) : NaN;
      if (Number.isFinite(wait) && wait > 0) start(wait);
      toast.error(apiErrorText(error, t));
    }
  };

  return (
    <Button
      variant="secondary"
      size="sm"
      className={styles.codeButton}
      onClick={onClick}
      loading={isLoading}
      disabled={running}
      aria-live="polite"
    >
      {running ? t('register.resendIn', { seconds: remaining }) : t('register.sendCode')}
    </Button>
  );
}
