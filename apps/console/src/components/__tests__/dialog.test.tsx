import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../test-support/render.tsx';
import { Dialog } from '../dialog.tsx';
import { ReasonDialog } from '../reason-dialog.tsx';

describe('the one dialog', () => {
  it('keeps Tab among its own controls, both ways, and gives focus back on closing', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const outside = document.createElement('button');
    outside.textContent = 'Behind';
    document.body.appendChild(outside);
    outside.focus();
    const { unmount } = renderWithStore(
      <Dialog title="Pick" onClose={onClose}>
        <input aria-label="Name" />
        <button type="button" disabled>
          Off
        </button>
        <button type="button">Done</button>
      </Dialog>,
    );
    const name = screen.getByLabelText('Name');
    const done = screen.getByRole('button', { name: 'Done' });
    expect(document.activeElement).toBe(name);
    await user.tab();
    expect(document.activeElement).toBe(done);
    await user.tab();
    expect(document.activeElement).toBe(name);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(done);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });

  it('traps the reason dialog built on it: from Cancel back round to the reason', async () => {
    const user = userEvent.setup();
    renderWithStore(
      <ReasonDialog title="Lock?" confirmLabel="Lock" onConfirm={async () => undefined} onClose={() => undefined} />,
    );
    const reason = screen.getByLabelText('Reason (kept in the audit log)');
    expect(document.activeElement).toBe(reason);
    // The confirm button is disabled until a reason is typed: Cancel is the last control Tab reaches.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.tab();
    expect(document.activeElement).toBe(reason);
  });
});
