import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../test-support/render.tsx';
import { ReasonDialog } from '../reason-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the reason dialog', () => {
  it('keeps its button disabled until the reason has three characters, and says so on blur', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async () => undefined);
    const onClose = vi.fn();
    renderWithStore(<ReasonDialog title="Lock demo?" confirmLabel="Lock" onConfirm={onConfirm} onClose={onClose} />);
    const button = screen.getByRole('button', { name: 'Lock' }) as HTMLButtonElement;
    const reason = screen.getByLabelText('Reason (kept in the audit log)');
    expect(button.disabled).toBe(true);
    await user.type(reason, '  ab  ');
    await user.tab();
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Give a reason of at least 3 characters.')).toBeTruthy();
    await user.clear(reason);
    await user.type(reason, '  fraud report  ');
    expect(button.disabled).toBe(false);
    await user.click(button);
    expect(onConfirm).toHaveBeenCalledWith('fraud report');
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a refusal in the dialog and stays open', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithStore(
      <ReasonDialog
        title="Approve?"
        confirmLabel="Approve"
        onConfirm={() =>
          Promise.reject({ code: 409, key: 'x', msg: 'A different operator must confirm this', kind: 'refused' })
        }
        onClose={onClose}
      />,
    );
    await user.type(screen.getByLabelText('Reason (kept in the audit log)'), 'checked the bank statement');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A different operator must confirm this');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Approve?' })).toBeTruthy();
  });
});
