import type { CheckinStatus } from '@app/contracts';
import { BCP47, isLanguage } from '@app/i18n/client';
import { CheckIcon } from '@app/ui';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import styles from './checkin.module.css';

/** "2026-11-23" (a platform day) as its weekday and full date in the reader's language. */
function dayNames(day: string, locale: string) {
  const [y, m, d] = day.split('-').map(Number);
  const at = new Date(Date.UTC(y!, m! - 1, d!));
  return {
    short: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(at),
    long: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(at),
  };
}

/** The last seven platform days, oldest first, each marked when the user checked in. */
export function CheckinWeek({ status }: { status: CheckinStatus }) {
  const { t, i18n } = useInnerTranslation();
  const locale = BCP47[isLanguage(i18n.language) ? i18n.language : 'en'];
  return (
    <ol className={styles.week} aria-label={t('checkin.week')}>
      {status.week.map(({ day, checked }) => {
        const names = dayNames(day, locale);
        const today = day === status.today;
        return (
          <li
            key={day}
            className={styles.day}
            data-checked={checked}
            data-today={today}
            aria-label={t(checked ? 'checkin.dayChecked' : 'checkin.dayOpen', { day: names.long })}
            aria-current={today ? 'date' : undefined}
          >
            <span className={styles.mark} aria-hidden="true">
              {checked && <CheckIcon size={18} />}
            </span>
            <span aria-hidden="true">{today ? t('checkin.today') : names.short}</span>
          </li>
        );
      })}
    </ol>
  );
}
