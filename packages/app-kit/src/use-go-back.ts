import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** Back to the previous page, or to `fallback` (Home by default) when the page was opened directly (deep link, reload). */
export function useGoBack(fallback = '/') {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
