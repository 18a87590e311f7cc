/**
 * The API speaks whole Unix seconds, the database timestamps (drizzle hands back a Date, raw SQL rows a string).
 * A missing moment stays missing.
 */
export function seconds(moment: Date | string): number;
export function seconds(moment: Date | string | null): number | null;
export function seconds(moment: Date | string | null): number | null {
  return moment === null ? null : Math.floor(new Date(moment).getTime() / 1000);
}
