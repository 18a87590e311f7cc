import { useTranslation } from 'react-i18next';
import { isApiError, type ApiError } from '@app/api-client';
import type { SendCodeBody } from '@app/contracts';
import { Button, useCountdown, useToast } from '@app/ui';
import { apiErrorText } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import { useSendCodeMutation } from '../api/session-api.ts';
import styles from './auth-layout.module.css';

/**
 * Requests an SMS code for the phone typed so far, then counts down until the server allows another one
 * (the wait comes from the server's resend_in, never guessed here). A refusal goes to `onRefused` first (a form
 * puts one about its phone field under that field); whatever it does not take is a toast.
 */
export function SendCodeButton({
  phone,
  purpose = 'register',
  onPhoneInvalid,
  onRefused,
  onSent,
}: {
  phone: string;
  purpose?: SendCodeBody['purpose'];
  onPhoneInvalid: () => void;
  /** True when the refusal was shown where it belongs. */
  onRefused?: (error: ApiError) => boolean;
  /** The code is on its way: the phone was accepted. */
  onSent?: () => void;
}) {
  const { t } = useTranslation(NS);
  const toast = useToast();
  const [sendCode, { isLoading }] = useSendCodeMutation();
  const { remaining, running, start } = useCountdown();

  const onClick = async () => {
    // The contracts (and zod) stay out of the page's first load; the phone field typed into has usually loaded
    // them already for the form's own checks.
    const { sendCodeBodySchema } = await import('@app/contracts');
    const parsed = sendCodeBodySchema.safeParse({ phone, purpose });
    if (!parsed.success) {
      onPhoneInvalid();
      return;
    }
    try {
      const data = await sendCode(parsed.data).unwrap();
      start(data.resend_in);
      onSent?.();
      toast.info(t('code_sent', { ns: 'errors' }));
    } catch (error) {
      const wait = isApiError(error) ? Number(error.params?.seconds) : NaN;
      if (Number.isFinite(wait) && wait > 0) start(wait);
      if (!isApiError(error) || !onRefused?.(error)) toast.error(apiErrorText(error, t));
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
