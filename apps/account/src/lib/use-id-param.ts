import { useSearchParams } from 'react-router';

/**
 * A detail page's `?id=`, like the spec's /pages/news/details?id=: undefined when the address has none,
 * null when it is not a positive whole number, otherwise the id.
 */
export function useIdParam(): number | null | undefined {
  const [params] = useSearchParams();
  const raw = params.get('id');
  if (raw === null) return undefined;
  if (!/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
