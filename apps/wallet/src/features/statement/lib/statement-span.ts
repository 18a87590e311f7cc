import { datesSpan } from '@app/contracts';

/** The time zone the statement's dates are read in: the reader's, as its times are shown. */
export const readerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The statement's date inputs (yyyy-mm-dd, either may be empty) as the seconds the server filters by: from the
 * first day's start to the end of the last day, whole days in the zone (a daylight-saving day has 23 or 25 hours).
 */
export function statementSpan(from: string, to: string, timeZone: string): { from?: number; to?: number } {
  return {
    from: from ? datesSpan(from, from, timeZone).start : undefined,
    to: to ? datesSpan(to, to, timeZone).end : undefined,
  };
}
