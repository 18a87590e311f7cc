import { useState, type FormEvent } from 'react';
import type { Passkey } from '@app/contracts';
import { isApiError, useGetUserInfoQuery } from '@app/api-client';
import { Button, ConfirmDialog, Field, useToast } from '@app/ui';
import { apiErrorText, passkeyCreation, passkeysSupported, SecondFactorField } from '@app/app-kit';
import { useFormatters } from '@app/i18n/client';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import {
  useAddPasskeyMutation,
  usePasskeyOptionsMutation,
  useRemovePasskeyMutation,
  useRenamePasskeyMutation,
} from '../api/passkeys-api.ts';
import styles from './passkeys.module.css';

const fieldOf = (error: unknown) => (isApiError(error) ? error.field : undefined);

/**
 * Adding a passkey: a name, and, when a factor is already on, a fresh one (a session alone must not add a key);
 * then the device's own prompt (face, fingerprint, screen lock).
 */
export function AddPasskey({ count }: { count: number }) {
  const { t } = useInnerTranslation();
  const toast = useToast();
  const { data: user } = useGetUserInfoQuery();
  const [options, optionsState] = usePasskeyOptionsMutation();
  const [add, adding] = useAddPasskeyMutation();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const askCode = Boolean(user?.second_factor) || codeError !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = name.trim() || t('passkeys.defaultName', { n: count + 1 });
    if (chosen.length > 40) return setNameError(t('passkey_name_invalid', { ns: 'errors' }));
    if (askCode && !code.trim()) return setCodeError(t('second_factor_required', { ns: 'errors' }));
    try {
      const made = await options(askCode ? { second_factor_code: code.trim() } : {}).unwrap();
      setCode('');
      const credential = await passkeyCreation(made.options);
      await add({ credential, name: chosen }).unwrap();
      setName('');
      toast.info(t('passkey_added', { ns: 'errors' }));
    } catch (error) {
      setCode('');
      if (fieldOf(error) === 'second_factor_code') setCodeError(apiErrorText(error, t));
      else if (fieldOf(error) === 'name') setNameError(apiErrorText(error, t));
      else toast.error(apiErrorText(error, t));
    }
  };

  if (!passkeysSupported()) return <p className={styles.note}>{t('passkeys.unsupported')}</p>;
  return (
    <form className={styles.panel} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="passkey-add">
      <h2 id="passkey-add">{t('passkeys.addTitle')}</h2>
      <Field
        name="name"
        label={t('passkeys.name')}
        placeholder={t('passkeys.defaultName', { n: count + 1 })}
        hint={t('passkeys.nameHint')}
        maxLength={40}
        value={name}
        error={nameError ?? undefined}
        onChange={(e) => {
          setName(e.target.value);
          setNameError(null);
        }}
      />
      {askCode && (
        <SecondFactorField
          value={code}
          onChange={(v) => {
            setCode(v);
            setCodeError(null);
          }}
          error={codeError}
        />
      )}
      <Button type="submit" block loading={optionsState.isLoading || adding.isLoading}>
        {t('passkeys.add')}
      </Button>
    </form>
  );
}

/** The user's passkeys, each with its dates, to rename or remove (removal is stepped up). */
export function PasskeyList({ items }: { items: Passkey[] }) {
  const { t } = useInnerTranslation();
  const f = useFormatters();
  const toast = useToast();
  const [rename, renaming] = useRenamePasskeyMutation();
  const [remove, removing] = useRemovePasskeyMutation();
  const [editing, setEditing] = useState<Passkey | null>(null);
  const [newName, setNewName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Passkey | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const saveName = async () => {
    if (!editing) return;
    const name = newName.trim();
    if (!name || name.length > 40) return setNameError(t('passkey_name_invalid', { ns: 'errors' }));
    try {
      await rename({ id: editing.id, name }).unwrap();
      toast.info(t('passkey_renamed', { ns: 'errors' }));
      setEditing(null);
    } catch (error) {
      setNameError(apiErrorText(error, t));
    }
  };
  const confirmRemove = async () => {
    if (!deleting) return;
    if (!code.trim()) return setCodeError(t('second_factor_required', { ns: 'errors' }));
    try {
      await remove({ id: deleting.id, second_factor_code: code.trim() }).unwrap();
      toast.info(t('passkey_removed', { ns: 'errors' }));
      setDeleting(null);
      setCode('');
    } catch (error) {
      setCode('');
      if (fieldOf(error) === 'second_factor_code') setCodeError(apiErrorText(error, t));
      else toast.error(apiErrorText(error, t));
    }
  };

  if (items.length === 0) return <p className={styles.note}>{t('passkeys.none')}</p>;
  return (
    <>
      <ul className={styles.list} aria-label={t('passkeys.listLabel')} data-testid="passkey-list">
        {items.map((p) => (
          <li key={p.id} className={styles.item}>
            <div className={styles.itemMain}>
              <span className={styles.itemName}>{p.name}</span>
              <span className={styles.itemMeta}>
                {t('passkeys.added', { time: f.dateTime(p.created_at) })}
                {' · '}
                {p.last_used_at === null
                  ? t('passkeys.neverUsed')
                  : t('passkeys.lastUsed', { time: f.dateTime(p.last_used_at) })}
              </span>
            </div>
            <div className={styles.itemSide}>
              <Button
                size="sm"
                onClick={() => {
                  setEditing(p);
                  setNewName(p.name);
                  setNameError(null);
                }}
              >
                {t('passkeys.rename')}
                <span className="visually-hidden"> {p.name}</span>
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setDeleting(p)}>
                {t('passkeys.remove')}
                <span className="visually-hidden"> {p.name}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={editing !== null}
        title={t('passkeys.renameTitle')}
        message={
          <Field
            name="name"
            label={t('passkeys.name')}
            maxLength={40}
            value={newName}
            error={nameError ?? undefined}
            onChange={(e) => {
              setNewName(e.target.value);
              setNameError(null);
            }}
          />
        }
        confirmLabel={t('passkeys.save')}
        cancelLabel={t('actions.cancel', { ns: 'common' })}
        onConfirm={() => void saveName()}
        onCancel={() => setEditing(null)}
        busy={renaming.isLoading}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('passkeys.removeTitle')}
        message={
          deleting ? (
            <>
              <p>{t('passkeys.removeWarning', { name: deleting.name })}</p>
              <SecondFactorField
                value={code}
                onChange={(v) => {
                  setCode(v);
                  setCodeError(null);
                }}
                error={codeError}
              />
            </>
          ) : (
            ''
          )
        }
        confirmLabel={t('passkeys.remove')}
        cancelLabel={t('actions.cancel', { ns: 'common' })}
        onConfirm={() => void confirmRemove()}
        onCancel={() => {
          setDeleting(null);
          setCode('');
          setCodeError(null);
        }}
        busy={removing.isLoading}
        danger
      />
    </>
  );
}
