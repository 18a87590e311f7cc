import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LinkButton, useModal, type UseModalOptions } from '../index.ts';

describe('LinkButton', () => {
  it('is a link (not a button) with the button look of its variant', () => {
    render(
      <LinkButton variant="secondary" href="#/pages/trade/trade">
        Trade
      </LinkButton>,
    );
    const link = screen.getByRole('link', { name: 'Trade' });
    expect(link.getAttribute('href')).toBe('#/pages/trade/trade');
    expect(link.className).toContain('button');
    expect(link.className).toContain('secondary');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

function Modal({ open, onClose, options }: { open: boolean; onClose: () => void; options?: UseModalOptions }) {
  const ref = useModal<HTMLDialogElement>(open, onClose, options);
  if (!open) return null;
  return (
    <dialog ref={ref} aria-label="Sheet" tabIndex={-1}>
      <button type="button">First</button>
      <button type="button">Last</button>
      <input aria-label="Not yet" disabled />
    </dialog>
  );
}

describe('useModal', () => {
  it('focuses the first control by default, keeps Tab inside (skipping disabled inputs), closes on Escape', async () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <>
        <button type="button">Opener</button>
        <Modal open={false} onClose={onClose} />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Opener' });
    opener.focus();
    rerender(
      <>
        <button type="button">Opener</button>
        <Modal open onClose={onClose} />
      </>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First' }));
    // The tabbable library arrives with the first modal.
    await act(async () => void (await import('tabbable')));
    screen.getByRole('button', { name: 'Last' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
    rerender(
      <>
        <button type="button">Opener</button>
        <Modal open={false} onClose={onClose} />
      </>,
    );
    expect(document.activeElement).toBe(opener);
  });

  it("focuses the modal itself with initialFocus: 'container'", () => {
    render(<Modal open onClose={() => {}} options={{ initialFocus: 'container' }} />);
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Sheet' }));
  });
});

describe('useModal on the dialog element', () => {
  it("closes on the dialog's cancel event (Escape or Android's back gesture) without closing by itself", () => {
    const onClose = vi.fn();
    render(<Modal open onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Sheet' });
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(onClose).toHaveBeenCalledOnce();
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialog.hasAttribute('open')).toBe(true);
  });
});
