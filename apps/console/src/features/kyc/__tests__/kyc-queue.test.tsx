import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminKycItem } from '@app/contracts';
import { mockServer, renderWithStore, signInOperator } from '../../../test-support/render.tsx';
import { KycQueue } from '../components/kyc-queue.tsx';

afterEach(() => vi.unstubAllGlobals());

const item: AdminKycItem = {
  id: 12,
  user_id: 5,
  account: 'lisi',
  real_name: '李四',
  doc_type: 'cn_id',
  id_number_masked: '110***********1234',
  state: 'pending',
  reason: null,
  decided_by: null,
  created_at: 1_700_000_000,
  decided_at: null,
};

function signIn(store: ReturnType<typeof renderWithStore>['store']) {
  signInOperator(store, { name: 'sam', role: 'support', permissions: ['kyc.review'], id: 3 });
}

describe('the real-name queue', () => {
  it('shows the number masked, and in clear only after a reason that the server audits', async () => {
    const user = userEvent.setup();
    const { calls } = mockServer({
      'GET /admin/kyc': { data: { items: [item], total: 1, page: 1 } },
      'GET /admin/kyc/12/document': { data: { id: 12, doc_type: 'cn_id', id_number: '110101199003071234' } },
    });
    const { store } = renderWithStore(
      <MemoryRouter>
        <KycQueue />
      </MemoryRouter>,
    );
    signIn(store);
    await user.click(await screen.findByRole('button', { name: 'Open request #12' }));
    expect(calls.find((c) => c.path.startsWith('/admin/kyc'))?.path).toBe('/admin/kyc?state=pending&page=1&size=50');
    const detail = screen.getByRole('region', { name: 'Request detail' });
    expect(within(detail).getByTestId('kyc-number').textContent).toBe('110***********1234');

    await user.click(within(detail).getByRole('button', { name: 'Show number' }));
    const dialog = screen.getByRole('dialog', { name: 'Show the document number of request #12?' });
    const confirm = within(dialog).getByRole('button', { name: 'Show number' }) as HTMLButtonElement;
    // No reason, no number.
    expect(confirm.disabled).toBe(true);
    expect(calls.some((c) => c.path.startsWith('/admin/kyc/12/document'))).toBe(false);
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'compare with photo');
    await user.click(confirm);
    expect(await within(detail).findByText('110101199003071234')).toBeTruthy();
    expect(calls.find((c) => c.path.startsWith('/admin/kyc/12/document'))?.path).toBe(
      '/admin/kyc/12/document?reason=compare+with+photo',
    );
    // Hidden again, it needs another (audited) reading.
    await user.click(within(detail).getByRole('button', { name: 'Hide' }));
    expect(within(detail).getByTestId('kyc-number').textContent).toBe('110***********1234');
  });

  it('shows the server’s refusal in the dialog and keeps the number masked', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /admin/kyc': { data: { items: [item], total: 1, page: 1 } },
      'GET /admin/kyc/12/document': { code: 403, key: 'permission_denied', msg: 'Your role does not allow this' },
    });
    const { store } = renderWithStore(
      <MemoryRouter>
        <KycQueue />
      </MemoryRouter>,
    );
    signIn(store);
    await user.click(await screen.findByRole('button', { name: 'Open request #12' }));
    await user.click(screen.getByRole('button', { name: 'Show number' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'compare with photo');
    await user.click(within(dialog).getByRole('button', { name: 'Show number' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Your role does not allow this');
    expect(screen.getByTestId('kyc-number').textContent).toBe('110***********1234');
  });
});
