import { act, fireEvent, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@app/i18n/client';
import { renderAccountAt } from './render-account.tsx';

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const none = {
  state: 'none',
  real_name: null,
  doc_type: null,
  id_number_masked: null,
  reason: null,
  submitted_at: null,
  decided_at: null,
  can_submit: true,
};

describe('the real-name page', () => {
  it('drops a refusal of the ID number when the document type changes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? new Response(
              JSON.stringify({
                code: 400,
                msg: 'The ID number is not valid',
                key: 'id_number_wrong',
                data: { field: 'id_number' },
              }),
              { status: 400 },
            )
          : new Response(JSON.stringify({ code: 200, msg: 'ok', key: 'ok', data: none })),
      ),
    );
    localStorage.setItem('token', 't');
    renderAccountAt('/pages/user/auth', i18n);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Real name' }), { target: { value: 'Li Lei' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Resident ID number' }), {
      target: { value: '11010519491231002X' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit for review' })));
    expect(await screen.findByText('The ID number is not valid')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: 'Passport number' })));
    expect(screen.queryByText('The ID number is not valid')).toBeNull();
  });
});
