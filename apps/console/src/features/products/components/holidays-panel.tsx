import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminHoliday } from '@app/contracts';
import page from '../../../components/page.module.css';
import { QueryTable } from '../../../components/query-table.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { Field } from '../../../components/field.tsx';
import ui from '../../../components/ui.module.css';
import { AddBar } from './add-bar.tsx';
import { useAddHolidayMutation, useHolidaysQuery, useRemoveHolidayMutation } from '../api/products-api.ts';

const SESSIONS = ['us_equities', 'fx', 'globex'] as const;
type Session = AdminHoliday['session'];

/** The exchange holidays: on one, a session's products are closed for that whole New York day. */
export function HolidaysPanel() {
  const { t } = useTranslation();
  const list = useHolidaysQuery();
  const [add] = useAddHolidayMutation();
  const [remove] = useRemoveHolidayMutation();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<AdminHoliday | null>(null);
  const [session, setSession] = useState<Session>('us_equities');
  const [day, setDay] = useState('');
  const [name, setName] = useState('');
  const items = list.data?.items ?? [];

  return (
    <section className={ui.panel} style={{ marginTop: 16 }} aria-label={t('products.holidays.title')}>
      <div className={ui.panelBody}>
        <AddBar
          heading={
            <div>
              <h2 className={ui.panelTitle}>{t('products.holidays.title')}</h2>
              <p className={ui.hint}>{t('products.holidays.hint')}</p>
            </div>
          }
          add={t('products.holidays.add')}
          onAdd={() => setAdding(true)}
        />
        <QueryTable query={list} items={items} empty={t('products.holidays.empty')}>
          <thead>
            <tr>
              <th>{t('products.holidays.day')}</th>
              <th>{t('products.session')}</th>
              <th>{t('products.holidays.name')}</th>
              <th>{t('products.holidays.by')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((h) => (
              <tr key={`${h.session}|${h.day}`} data-testid={`holiday-${h.session}-${h.day}`}>
                <td className={page.mono}>{h.day}</td>
                <td>{t(`products.sessions.${h.session}`)}</td>
                <td>{h.name}</td>
                <td>{h.created_by}</td>
                <td>
                  <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setRemoving(h)}>
                    {t('products.holidays.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </QueryTable>
      </div>
      {adding && (
        <ReasonDialog
          title={t('products.holidays.addTitle')}
          confirmLabel={t('products.holidays.add')}
          onClose={() => setAdding(false)}
          onConfirm={async (reason) => {
            await add({ session, day, name: name.trim(), reason }).unwrap();
            void list.refetch();
          }}
        >
          <div className={page.formRow}>
            <Field id="holiday-session" label={t('products.session')}>
              <select
                id="holiday-session"
                className={ui.input}
                value={session}
                onChange={(e) => setSession(e.target.value as Session)}
              >
                {SESSIONS.map((s) => (
                  <option key={s} value={s}>
                    {t(`products.sessions.${s}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="holiday-day" label={t('products.holidays.day')}>
              <input
                id="holiday-day"
                className={ui.input}
                type="date"
                value={day}
                onChange={(e) => setDay(e.target.value)}
              />
            </Field>
          </div>
          <Field id="holiday-name" label={t('products.holidays.name')}>
            <input
              id="holiday-name"
              className={ui.input}
              value={name}
              maxLength={80}
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
        </ReasonDialog>
      )}
      {removing && (
        <ReasonDialog
          title={t('products.holidays.removeTitle', { day: removing.day })}
          confirmLabel={t('products.holidays.remove')}
          tone="danger"
          onClose={() => setRemoving(null)}
          onConfirm={async (reason) => {
            await remove({ session: removing.session, day: removing.day, reason }).unwrap();
            void list.refetch();
          }}
        />
      )}
    </section>
  );
}
