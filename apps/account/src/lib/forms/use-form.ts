import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@app/api-client';

/** What the form needs of a schema: the contracts' zod schemas fit, and their messages are catalogue keys. */
type Issue = { path: PropertyKey[]; message: string };
export type FormSchema = { safeParse(value: unknown): { success: boolean; error?: { issues: Issue[] } } };
/**
 * The schema, or how to load it: a page that loads it only when the form is first used (a field focused, the
 * form sent) keeps zod and the contracts (about 26 KB gzip, 11 ms of a phone's start-up at 10x) out of its first
 * load. No error shows before a field is left or the form sent, so nothing is missed meanwhile.
 */
export type SchemaSource = FormSchema | (() => Promise<FormSchema>);

type Values = Record<string, string | boolean>;

const NO_ERRORS: Record<string, string> = {};

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
export function useForm<V extends Values>(source: SchemaSource, initial: V) {
  const { t } = useTranslation('errors');
  const [schema, setSchema] = useState<FormSchema | null>(() => (typeof source === 'function' ? null : source));
  const loading = useRef<Promise<FormSchema> | null>(null);
  const load = useCallback((): Promise<FormSchema> => {
    loading.current ??= (typeof source === 'function' ? source() : Promise.resolve(source)).then((loaded) => {
      setSchema(() => loaded);
      return loaded;
    });
    return loading.current;
  }, [source]);
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof V, string>>>({});

  const clientErrors = useMemo(() => (schema ? firstIssueByField(schema, values) : NO_ERRORS), [schema, values]);

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

  // A control left is a form in use: a checkbox (Register's agreement) has no focus handler of its own to load the
  // schema, and its error should show once it arrives.
  const blur = useCallback(
    (field: keyof V) => {
      void load();
      setTouched((v) => ({ ...v, [field]: true }));
    },
    [load],
  );

  /**
   * Forgets what was said about a field (the server's refusal, and that it was left): when another choice changes
   * what the field means (a document type), an error about the old meaning would be wrong.
   */
  const forget = useCallback((field: keyof V) => {
    setServerErrors((e) => ({ ...e, [field]: undefined }));
    setTouched((v) => ({ ...v, [field]: false }));
  }, []);

  /** Input props for a text field: value, change, blur, and the error to show. */
  const field = (name: keyof V & string) => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (e: { target: { value: string } }) => set(name, e.target.value as V[typeof name]),
    onFocus: () => void load(),
    onBlur: () => blur(name),
    error: error(name),
  });

  const handleSubmit = (onValid: (values: V) => void) => (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    const check = (checked: FormSchema) => {
      const invalid = Object.keys(firstIssueByField(checked, values));
      if (invalid.length > 0) {
        // Move focus to the first field in error so keyboard and screen-reader users land on it.
        const first = document.querySelector<HTMLElement>(`[name="${invalid[0]}"]`);
        first?.focus();
        return;
      }
      onValid(values);
    };
    // Sent before any field was focused (a password manager filled them in): the schema comes first.
    if (schema) check(schema);
    else void load().then(check);
  };

  /** Puts a server refusal under its field; returns false when it is about no field of this form. */
  const showServerError = (apiError: ApiError): boolean => {
    const name = apiError.field;
    if (!name || !(name in values)) return false;
    setServerErrors((e) => ({ ...e, [name]: apiError.msg || t(apiError.key, apiError.params ?? {}) }));
    return true;
  };

  return { values, set, blur, forget, field, error, handleSubmit, showServerError };
}
