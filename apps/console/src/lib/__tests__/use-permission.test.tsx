import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore, signInOperator } from '../../test-support/render.tsx';
import { sessionEnded } from '../session-slice.ts';
import { usePermission } from '../hooks.ts';

function Probe() {
  const mayRead = usePermission('users.read');
  const mayAdjust = usePermission('money.adjust');
  return <p data-testid="probe">{`${mayRead} ${mayAdjust}`}</p>;
}

describe('usePermission', () => {
  it("answers from the signed-in operator's permissions, and false once no one is signed in", () => {
    const { store } = renderWithStore(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('false false');
    act(() => signInOperator(store, { name: 'sue', role: 'support', permissions: ['users.read', 'users.act'] }));
    expect(screen.getByTestId('probe').textContent).toBe('true false');
    act(() => void store.dispatch(sessionEnded('signed_out')));
    expect(screen.getByTestId('probe').textContent).toBe('false false');
  });
});
