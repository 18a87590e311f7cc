/**
 * Times in the editors: the server speaks seconds since the epoch, a `datetime-local` field speaks the operator's
 * own clock ("2026-11-27T20:00"). Empty or unreadable text is null.
 */
export function toLocalInput(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '';
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromLocalInput(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return null;
  const ms = new Date(text).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}
