import { useEffect, useState, type ReactNode } from 'react';
import { isApiError, type ApiError } from '@app/api-client';
import { guestSupportVerifyBodySchema, type GuestSupportTicket } from '@app/contracts';
import { apiErrorText } from '@app/app-kit';
import { Button, Field, useToast } from '@app/ui';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import { useForm } from '../../../lib/forms/use-form.ts';
import { useGetGuestConversationQuery, useVerifyGuestSupportMutation } from '../api/support-api.ts';
import { loadGuestTicket, saveGuestTicket } from '../lib/guest-ticket.ts';
import { SupportComposer } from './support-composer.tsx';
import { SupportConversation } from './support-conversation.tsx';
import styles from './support.module.css';

/**
 * Customer service for someone who cannot log in (a forgotten password sends them here): they prove a phone
 * number with an SMS code, then write and read the answers in a conversation tied to that number. The ticket
 * lasts a day and this tab only; when it runs out they prove the phone again.
 */
/** The page's send-code button (the session feature's), given what it needs. */
export type SendCodeSlot = (props: {
  phone: string;
  onPhoneInvalid: () => void;
  onRefused: (error: ApiError) => boolean;
  onSent: () => void;
}) => ReactNode;

export function GuestSupport({ sendCode }: { sendCode: SendCodeSlot }) {
  const [ticket, setTicket] = useState<GuestSupportTicket | null>(() => loadGuestTicket());
  const keep = (next: GuestSupportTicket | null) => {
    saveGuestTicket(next);
    setTicket(next);
  };
  return ticket ? (
    <GuestConversation ticket={ticket.ticket} onEnded={() => keep(null)} />
  ) : (
    <VerifyPhone onVerified={keep} sendCode={sendCode} />
  );
}

function VerifyPhone({
  onVerified,
  sendCode,
}: {
  onVerified: (ticket: GuestSupportTicket) => void;
  sendCode: SendCodeSlot;
}) {
  const { t } = useInnerTranslation();
  const toast = useToast();
  const [verify, { isLoading }] = useVerifyGuestSupportMutation();
  const form = useForm(guestSupportVerifyBodySchema, { phone: '', code: '' });
  const submit = form.handleSubmit(async (values) => {
    try {
      onVerified(await verify(values).unwrap());
    } catch (error) {
      if (!isApiError(error) || !form.showServerError(error)) toast.error(apiErrorText(error, t));
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="guest-support-verify">
      <p className={`${styles.muted} ${styles.guestIntro}`}>{t('support.guest.intro')}</p>
      <Field
        label={t('form.phone')}
        placeholder={t('form.phonePlaceholder')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        {...form.field('phone')}
      />
      <Field
        label={t('form.code')}
        placeholder={t('form.codePlaceholder')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        suffix={sendCode({
          phone: form.values.phone,
          onPhoneInvalid: () => form.blur('phone'),
          onRefused: form.showServerError,
          onSent: () => form.set('phone', form.values.phone),
        })}
        {...form.field('code')}
      />
      <Button type="submit" block size="lg" loading={isLoading}>
        {t('support.guest.verify')}
      </Button>
    </form>
  );
}

function GuestConversation({ ticket, onEnded }: { ticket: string; onEnded: () => void }) {
  const { t } = useInnerTranslation();
  const conversation = useGetGuestConversationQuery(ticket);
  // The server ended the ticket (a day passed, or the phone was proved again elsewhere): prove it again.
  const ended = isApiError(conversation.error) && conversation.error.key === 'support_ticket_expired';
  useEffect(() => {
    if (ended) onEnded();
  }, [ended, onEnded]);
  return (
    <div data-testid="guest-support">
      {conversation.data && (
        <p className={styles.muted}>
          {t('support.guest.verifiedAs', { phone: conversation.data.phone })}{' '}
          <button type="button" className={styles.linkButton} onClick={onEnded}>
            {t('support.guest.otherPhone')}
          </button>
        </p>
      )}
      <p className={styles.muted}>{t('support.guest.accountHint')}</p>
      <SupportConversation ticket={ticket} />
      <SupportComposer ticket={ticket} />
    </div>
  );
}
