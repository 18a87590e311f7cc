import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../test-support/render.tsx';
import { ExportButton } from '../export-button.tsx';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(answer: () => Response) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return answer();
    }),
  );
  return urls;
}

describe('the export button', () => {
  it('asks a reason, sends it with the list’s filters (empty ones left out) and saves the file', async () => {
    const user = userEvent.setup();
    const urls = stubFetch(
      () =>
        new Response('\ufeffid\r\n1\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="deposits-2026-11-27.csv"',
          },
        }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderWithStore(<ExportButton url="/admin/deposits/export" filters={{ status: 3, user: '', from: undefined }} />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'month end');
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await vi.waitFor(() => expect(clicked).toEqual(['deposits-2026-11-27.csv']));
    expect(urls).toEqual(['/admin/deposits/export?status=3&reason=month+end']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    const user = userEvent.setup();
    stubFetch(
      () =>
        new Response(
          JSON.stringify({ code: 403, key: 'permission_denied', msg: 'Your role does not allow this', data: null }),
          {
            status: 403,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    renderWithStore(<ExportButton url="/admin/audit/export" filters={{}} />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'month end');
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Your role does not allow this');
  });
});
