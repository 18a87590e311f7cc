import { useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '@app/api-client';
import { SUPPORT_TOPICS, supportSendBodySchema, type SupportTopic } from '@app/contracts';
import { apiErrorText } from '@app/app-kit';
import { Button, useToast } from '@app/ui';
import { useForm } from '../../../lib/forms/use-form.ts';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import { useSendGuestMessageMutation, useSendSupportMessageMutation } from '../api/support-api.ts';
import styles from './support.module.css';

const bodySchema = supportSendBodySchema.pick({ body: true });
const LIMIT = 1000;

/**
 * Writing to customer service. The spec's reasons to contact support are quick topics: one tap marks the
 * message with its topic and, on an empty message, starts it with a sentence the user can complete.
 * Checked with the server's own schema (empty or too long is refused in the user's language). Each sent
 * message starts a fresh form, so no "please fill in" waits under the emptied field.
 */
export function SupportComposer({ ticket }: { ticket?: string | undefined } = {}) {
  const [sent, setSent] = useState(0);
  return <ComposerForm key={sent} ticket={ticket} refocus={sent > 0} onSent={() => setSent((n) => n + 1)} />;
}

function ComposerForm({
  ticket,
  refocus,
  onSent,
}: {
  /** Logged out: the ticket of the phone's conversation (the topic is not kept there). */
  ticket: string | undefined;
  refocus: boolean;
  onSent: () => void;
}) {
  const { t } = useInnerTranslation();
  const toast = useToast();
  const id = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const [topic, setTopic] = useState<SupportTopic | null>(null);
  const [sendSignedIn, signedIn] = useSendSupportMessageMutation();
  const [sendGuest, guest] = useSendGuestMessageMutation();
  const sending = signedIn.isLoading || guest.isLoading;
  const form = useForm(bodySchema, { body: '' });
  const field = form.field('body');
  const errorId = `${id}-error`;

  useEffect(() => {
    if (refocus) input.current?.focus();
  }, [refocus]);

  const pick = (next: SupportTopic) => {
    const chosen = topic === next ? null : next;
    setTopic(chosen);
    if (chosen && !form.values.body.trim()) form.set('body', t(`support.starter.${chosen}`));
    input.current?.focus();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (sending) return;
    try {
      if (ticket) await sendGuest({ ticket, body: values.body }).unwrap();
      else await sendSignedIn({ body: values.body, ...(topic ? { topic } : {}) }).unwrap();
      toast.info(t('support_sent', { ns: 'errors' }));
      onSent();
    } catch (error) {
      if (!isApiError(error) || !form.showServerError(error)) toast.error(apiErrorText(error, t));
    }
  });

  return (
    <form className={styles.composer} onSubmit={onSubmit} noValidate data-testid="support-composer">
      {/* A logged-out conversation keeps no topic: its quick topics would promise what is not stored. */}
      {!ticket && (
        <fieldset className={styles.topics}>
          <legend>{t('support.topicsLabel')}</legend>
          {SUPPORT_TOPICS.map((key) => (
            <button
              key={key}
              type="button"
              className={styles.topic}
              aria-pressed={topic === key}
              onClick={() => pick(key)}
            >
              {t(`support.topic.${key}`)}
            </button>
          ))}
        </fieldset>
      )}
      <label className={styles.label} htmlFor={`${id}-body`}>
        {t('support.messageLabel')}
      </label>
      <textarea
        ref={input}
        id={`${id}-body`}
        name={field.name}
        className={styles.textarea}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        placeholder={t('support.placeholder')}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.error ? errorId : undefined}
        rows={4}
      />
      {field.error && (
        <p id={errorId} className={styles.error} role="alert">
          {field.error}
        </p>
      )}
      <span className={styles.count} aria-hidden="true">
        {field.value.length}/{LIMIT}
      </span>
      <Button type="submit" block size="lg" loading={sending}>
        {t('support.send')}
      </Button>
    </form>
  );
}
