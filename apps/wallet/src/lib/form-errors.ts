import type { TFunction } from 'i18next';
import { isApiError } from '@app/api-client';

type Issue = { path: PropertyKey[]; message: string };
type Schema = { safeParse: (value: unknown) => { success: true } | { success: false; error: { issues: Issue[] } } };

/** The first refusal per field of a contracts schema, as translated texts (the server would say the same). */
export function fieldErrors(schema: Schema, values: Record<string, unknown>, t: TFunction): Record<string, string> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!out[field])
      out[field] = t(issue.message, { ns: 'errors', defaultValue: t('invalid_request', { ns: 'errors' }) });
  }
  return out;
}

/** The field a refusal is about, if the server named one. */
export const errorField = (error: unknown): string | undefined => (isApiError(error) ? error.field : undefined);
