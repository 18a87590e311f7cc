import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SEARCH_MAX_LENGTH } from '@app/contracts';
import { errorText } from '../../../components/error-text.ts';
import ui from '../../../components/ui.module.css';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/hooks.ts';
import { useSearchEverythingQuery } from '../api/search-api.ts';
import { isSearchShortcut, moveActive, searchGroups, type SearchOption } from '../lib/search-options.ts';
import styles from './search-box.module.css';

/** How long typing must pause before the box asks the server. */
export const SEARCH_DEBOUNCE_MS = 250;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Search everything: one box in the console's navigation, on every page ("/" focuses it from anywhere). It finds a
 * user by id, account, phone, real name, invitation code, card number or wallet address, a deposit by reference or
 * id and a withdrawal by id (GET /admin/search), lists them by kind, and opens the one picked: the arrow keys move
 * through the results, Enter opens, Escape closes. A combobox over a listbox (WAI-ARIA), so a screen reader hears the
 * option the arrows are on while the caret stays in the field.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const ids = useId();
  const listId = `${ids}-results`;
  const hintId = `${ids}-hint`;
  const optionId = (option: SearchOption) => `${ids}-${option.id}`;

  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const typed = text.trim();
  const q = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  const result = useSearchEverythingQuery(q, { skip: q === '' });
  // Only the answer to what the field holds now: never the last query's results under a new one.
  const current = q === typed && typed !== '' ? result.currentData : undefined;
  const groups = searchGroups(current);
  const options = groups.flatMap((g) => g.options);
  const waiting = typed !== '' && !current && (q !== typed || result.isFetching || result.isLoading);
  const failed = typed !== '' && q === typed && !result.isFetching && result.isError;

  // The option the arrows are on, for the answer it was chosen in; a new answer starts on its first result.
  const [cursor, setCursor] = useState<{ answer: typeof current; index: number }>({ answer: undefined, index: -1 });
  const active = current && cursor.answer === current ? cursor.index : options.length > 0 ? 0 : -1;
  const setActive = (index: number) => setCursor({ answer: current, index });

  // "/" from anywhere (not while typing in a field, nor under an open dialog) comes here.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!isSearchShortcut(event) || document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const activeOption = open ? options[active] : undefined;
  const activeId = activeOption ? optionId(activeOption) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const go = (option: SearchOption) => {
    setOpen(false);
    inputRef.current?.blur();
    void navigate(option.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive(moveActive(active, event.key === 'ArrowDown' ? 1 : -1, options.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[active];
      if (open && option) go(option);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (open && typed !== '') setOpen(false);
      else {
        setText('');
        setOpen(false);
      }
    } else if (event.key === 'Tab') setOpen(false);
  };

  const expanded = open && options.length > 0;
  return (
    <div
      ref={boxRef}
      className={styles.box}
      role="search"
      aria-label={t('search.label')}
      onBlur={(event) => {
        if (!boxRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={`${ids}-input`} className={styles.hidden}>
        {t('search.label')}
      </label>
      <div className={styles.field}>
        <input
          ref={inputRef}
          id={`${ids}-input`}
          className={`${ui.input} ${styles.input}`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          aria-activedescendant={expanded ? activeId : undefined}
          aria-describedby={hintId}
          aria-keyshortcuts="/"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t('search.placeholder')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          data-testid="search-everything"
        />
        {!text && (
          <kbd className={styles.kbd} aria-hidden="true">
            /
          </kbd>
        )}
      </div>
      <span id={hintId} className={styles.hidden}>
        {t('search.hint')}
      </span>
      {open && (
        <div className={styles.popup} data-testid="search-popup">
          {typed === '' ? (
            <p className={styles.note}>
              {t('search.hint')} {t('search.shortcut')}
            </p>
          ) : waiting ? (
            <div className={styles.state} role="status">
              <span className={ui.spinner} aria-hidden="true" />
              <span>{t('search.searching')}</span>
            </div>
          ) : failed ? (
            <div className={styles.state} role="alert">
              <span>{errorText(result.error, t)}</span>
              <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => void result.refetch()}>
                {t('common.retry')}
              </button>
            </div>
          ) : options.length === 0 ? (
            <div className={styles.state} role="status">
              {t('search.nothing', { q: typed })}
            </div>
          ) : (
            <>
              <div className={styles.hidden} role="status">
                {t('search.found', { count: options.length })}
              </div>
              <div id={listId} role="listbox" aria-label={t('search.results')} className={styles.list}>
                {groups.map((group) => (
                  <div key={group.kind} role="group" aria-labelledby={`${ids}-group-${group.kind}`}>
                    <div id={`${ids}-group-${group.kind}`} role="presentation" className={styles.groupTitle}>
                      {t(`search.groups.${group.kind}`)}
                    </div>
                    {group.options.map((option) => {
                      const at = options.indexOf(option);
                      return (
                        // The keys are the field's (a combobox: the caret stays there, aria-activedescendant names
                        // the option the arrows are on); a click picks one, its mousedown keeps the field focused.
                        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
                        <div
                          key={option.id}
                          id={optionId(option)}
                          role="option"
                          aria-selected={at === active}
                          className={`${styles.option} ${at === active ? styles.active : ''}`}
                          onMouseDown={(event) => event.preventDefault()}
                          onMouseMove={() => at !== active && setActive(at)}
                          onClick={() => go(option)}
                          data-testid={`search-option-${option.id}`}
                        >
                          <OptionText option={option} />
                        </div>
                      );
                    })}
                  </div>
                ))}
              </div>
              {groups.some((g) => g.more) && <p className={styles.note}>{t('search.more')}</p>}
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** What one result says: who or what it is, and for a user which of their keys matched (masked as everywhere). */
function OptionText({ option }: { option: SearchOption }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (option.kind === 'user') {
    const u = option.hit;
    const state = u.closed
      ? t('users.closed')
      : [u.locked ? t('users.locked') : null, u.frozen ? t('users.frozen') : null].filter(Boolean).join(' · ');
    return (
      <>
        <span className={styles.title}>
          {u.account} <span className={styles.muted}>#{u.id}</span>
          {state && <span className={`${ui.badge} ${ui.badgeDanger} ${styles.badge}`}>{state}</span>}
        </span>
        <span className={styles.meta}>
          {u.phone_masked} · {t(`users.realNameStates.${u.real_name_state}`, { defaultValue: u.real_name_state })}
        </span>
        <span className={styles.matches}>
          {u.matches
            .map((m) => `${t(`search.field.${m.field}`)}: ${m.value}${m.removed ? ` (${t('search.removed')})` : ''}`)
            .join(' · ')}
        </span>
      </>
    );
  }
  if (option.kind === 'deposit') {
    const d = option.hit;
    return (
      <>
        <span className={styles.title}>
          <span className={styles.mono}>{d.reference_code}</span> <span className={styles.muted}>#{d.id}</span>
        </span>
        <span className={styles.meta}>
          {d.account} · {formatMoney(d.amount, lang)} · {t(`deposits.status${d.status}`)}
        </span>
        <span className={styles.matches}>{formatDateTime(d.created_at, lang, 'short')}</span>
      </>
    );
  }
  const w = option.hit;
  return (
    <>
      <span className={styles.title}>
        {t('search.withdrawal')} <span className={styles.muted}>#{w.id}</span>
      </span>
      <span className={styles.meta}>
        {w.account} · {formatMoney(w.amount, lang)} · {t(`withdrawals.status${w.status}`)}
      </span>
      <span className={styles.matches}>
        {w.destination} · {formatDateTime(w.created_at, lang, 'short')}
      </span>
    </>
  );
}
