import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../button/button.tsx';
import { Field } from '../field/field.tsx';
import { ConfirmDialog } from '../dialog/dialog.tsx';
import { Tabs } from '../tabs/tabs.tsx';
import { ToastProvider, useToast } from '../toast/toast.tsx';
import { Delayed } from '../delayed/delayed.tsx';
import { useCountdown } from '../countdown/use-countdown.ts';
import { TabBar } from '../tab-bar/tab-bar.tsx';

afterEach(() => vi.useRealTimers());

describe('Button', () => {
  it('blocks clicks and shows progress while loading', () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('Field', () => {
  it('labels the input and ties the inline error to it', () => {
    render(<Field label="Password" name="password" error="Too short" onChange={() => {}} value="" />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('Too short');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
  });

  it("keeps the error line's room while there is no error, when asked, hidden from assistive technology", () => {
    const { container, rerender } = render(
      <Field label="Card" name="card" reserveErrorLine onChange={() => {}} value="" />,
    );
    const reserved = container.querySelector('p');
    expect(reserved?.getAttribute('aria-hidden')).toBe('true');
    expect(reserved?.textContent).toBe('');
    rerender(<Field label="Card" name="card" reserveErrorLine error="Wrong" onChange={() => {}} value="" />);
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Wrong']);
    rerender(<Field label="Card" name="card" onChange={() => {}} value="" />);
    expect(container.querySelector('p')).toBeNull();
  });
});

describe('ConfirmDialog', () => {
  it('asks first, then confirms or cancels; Escape cancels', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Log out?"
        confirmLabel="Log out"
        cancelLabel="Cancel"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Log out?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledOnce();
  });
});

describe('Tabs', () => {
  function Harness() {
    const [value, setValue] = useState('a');
    return (
      <Tabs
        label="Orders"
        value={value}
        onChange={setValue}
        items={[
          { key: 'a', label: 'Holding' },
          { key: 'b', label: 'History' },
        ]}
      />
    );
  }
  it('selects with a click and with the arrow keys', () => {
    render(<Harness />);
    const history = screen.getByRole('tab', { name: 'History' });
    fireEvent.click(history);
    expect(history.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(history, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Holding' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('Toast', () => {
  function Show({ tone }: { tone: 'info' | 'error' }) {
    const toast = useToast();
    return <button onClick={() => toast[tone](`${tone} text`)}>show</button>;
  }
  it('keeps information for 2 s', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Show tone="info" />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('show'));
    expect(screen.getByText('info text')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByText('info text')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('info text')).toBeNull();
  });
  it('keeps errors for 3 s', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Show tone="error" />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('show'));
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText('error text')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('error text')).toBeNull();
  });
  it('leaves no timer behind when its provider goes before the toast ends', () => {
    vi.useFakeTimers();
    const { unmount } = render(
      <ToastProvider>
        <Show tone="error" />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('show'));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    // A timer left running would set the state of a provider that is gone (in a test: after its window is).
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('Delayed', () => {
  it('shows nothing for the first 200 ms', () => {
    vi.useFakeTimers();
    render(<Delayed>loading view</Delayed>);
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByText('loading view')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('loading view')).toBeTruthy();
  });
});

describe('useCountdown', () => {
  function Counter() {
    const { remaining, running, start } = useCountdown();
    return <button onClick={() => start(3)}>{running ? `wait ${remaining}` : 'send'}</button>;
  }
  it('counts down from the given seconds and ends', () => {
    vi.useFakeTimers();
    render(<Counter />);
    fireEvent.click(screen.getByText('send'));
    expect(screen.getByRole('button').textContent).toBe('wait 3');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button').textContent).toBe('wait 2');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('button').textContent).toBe('send');
  });
});

describe('TabBar', () => {
  it('marks the current tab for assistive technology', () => {
    render(
      <TabBar
        label="Main"
        items={[
          { key: 'home', href: '#/', label: 'Home', icon: null, active: true },
          { key: 'mine', href: '#/pages/user/user', label: 'Mine', icon: null, active: false },
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Mine' }).getAttribute('aria-current')).toBeNull();
  });
});
