import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer, renderWithStore, signInOperator } from '../../../test-support/render.tsx';
import { BrandSettingsPage } from '../components/brand-settings-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the brand settings page', () => {
  it("shows the saved name, and saves a new one only with a reason (the audit log's why)", async () => {
    const user = userEvent.setup();
    let name: string | null = null;
    const { calls } = mockServer({
      'GET /admin/brand-settings': () => ({ data: { brand_name: name } }),
      'POST /admin/brand-settings': (call) => {
        name = (call.body as { brand_name: string }).brand_name || null;
        return { data: { brand_name: name }, key: 'operation_succeeded' };
      },
    });
    const { store } = renderWithStore(<BrandSettingsPage />, { lang: 'zh' });
    signInOperator(store, { name: 'alice', role: 'admin', permissions: ['settings.edit'] });
    const field = await screen.findByLabelText('品牌名称');
    const save = screen.getByRole('button', { name: '保存' });
    expect(save).toHaveProperty('disabled', true);
    await user.type(field, 'Acme Trade');
    await user.click(save);
    const dialog = await screen.findByTestId('reason-dialog');
    expect(dialog.textContent).toContain('“Acme Trade”');
    await user.type(screen.getByLabelText('原因（记入审计日志）'), 'rebrand for launch');
    await user.click(screen.getAllByRole('button', { name: '保存' }).at(-1)!);
    await screen.findByRole('status');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      brand_name: 'Acme Trade',
      reason: 'rebrand for launch',
    });
  });
});
