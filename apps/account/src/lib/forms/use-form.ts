import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@app/api-client';

/** What the form needs of a schema: the contracts' zod schemas fit, and their messages are catalogue keys. */
type Issue = { path: PropertyKey[]; message: string };
export type FormSchema = { safeParse(value: unknown): { success: boolean; error?: { issues: Issue[] } } };

type Values = Record<string, string | boolean>;

function firstIssueByField(schema: FormSchema, values: Values): Record<string, string> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * A form validated by the same schema the server uses. Errors show under a field once it has been left
 * (blur) or the form submitted; a refusal about a field from the server shows under that field in the
 * server's words until the field changes.
 */
export function useForm<V extends Values>(schema: FormSchema, initial: V) {
  const { t } = useTranslation('errors');
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof V, string>>>({});

  const clientErrors = useMemo(() => firstIssueByField(schema, values), [schema, values]);

  const error = useCallback(
    (field: keyof V & string): string | undefined => {
      const server = serverErrors[field];
      if (server) return server;
      const key = clientErrors[field];
      return key && (touched[field] || submitted) ? t(key) : undefined;
    },
    [serverErrors, clientErrors, touched, submitted, t],
  );

  const set = useCallback(<K extends keyof V>(field: K, value: V[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  }, []);

  const blur = useCallback((field: keyof V) => setTouched((v) => ({ ...v, [field]: true })), []);

  /** Input props for a text field: value, change, blur, and the error to show. */
  const field = (name: keyof V & string) => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (e: { target: { value: string } }) => set(name, e.target.value as V[typeof name]),
    onBlur: () => blur(name),
    error: error(name),
  });

  const handleSubmit = (onValid: (values: V) => void) => (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    const invalid = Object.keys(clientErrors);
    if (invalid.length > 0) {
      // Move focus to the first field in error so keyboard and screen-reader users land on it.
      const first = document.querySelector<HTMLElement>(`[name="${invalid[0]}"]`);
      first?.focus();
      return;
    }
    onValid(values);
  };

  /** Puts a server refusal under its field; returns false when it is about no field of this form. */
  const showServerError = (apiError: ApiError): boolean => {
    const name = apiError.field;
    if (!name || !(name in values)) return false;
    setServerErrors((e) => ({ ...e, [name]: apiError.msg || t(apiError.key, apiError.params ?? {}) }));
    return true;
  };

  return { values, set, blur, field, error, handleSubmit, showServerError };
}
