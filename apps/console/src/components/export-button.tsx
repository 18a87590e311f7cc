import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerError, setConsoleHeaders } from '../lib/api.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import ui from './ui.module.css';

/** Filters as the list has them: empty ones are left out of the query. */
export const queryString = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([key, value]) =>
      value === undefined || value === '' ? [] : [[key, String(value)]],
    ),
  ).toString();

/**
 * Exports the list as filtered to a CSV file. Taking data out is an operator act: it asks for a reason, which
 * the server audits with the filters before it answers the file. A refusal comes back as the usual envelope and
 * is shown in the dialog.
 */
export function ExportButton({
  url,
  filters,
  label,
  hint,
  disabled = false,
  testId = 'export-csv',
}: {
  /** The list's export endpoint, e.g. /admin/deposits/export. */
  url: string;
  filters: Record<string, string | number | undefined>;
  label?: string;
  /** What the file holds, in the dialog (by default: the list as filtered). */
  hint?: string;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className={ui.button}
        onClick={() => setAsking(true)}
        disabled={disabled}
        data-testid={testId}
      >
        {label ?? t('export.button')}
      </button>
      {asking && (
        <ReasonDialog
          title={t('export.title')}
          confirmLabel={t('export.confirm')}
          onClose={() => setAsking(false)}
          onConfirm={async (reason) => {
            const response = await fetch(`${url}?${queryString({ ...filters, reason })}`, {
              credentials: 'same-origin',
              headers: setConsoleHeaders(new Headers(), 'text/csv, application/json'),
            });
            if (!(response.headers.get('content-type') ?? '').startsWith('text/csv'))
              throw answerError(await response.json().catch(() => null), response.status);
            const name =
              /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
            const link = document.createElement('a');
            link.href = URL.createObjectURL(await response.blob());
            link.download = name;
            document.body.appendChild(link);
            link.click();
            link.remove();
            setTimeout(() => URL.revokeObjectURL(link.href), 1000);
          }}
        >
          <p className={ui.hint}>{hint ?? t('export.hint')}</p>
        </ReasonDialog>
      )}
    </>
  );
}
