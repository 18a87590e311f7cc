import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer, renderWithStore, signInOperator } from '../../../test-support/render.tsx';
import { replyTemplate } from '../../../test-support/reply-templates.ts';
import { ReplyTemplatesPage } from '../components/reply-templates-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const unreadable = replyTemplate();
describe('the reply templates page', () => {
  it('lists the templates, and writes a new one in several languages with a reason', async () => {
    const user = userEvent.setup();
    const { calls } = mockServer({
      'GET /admin/reply-templates': { data: { items: [unreadable] } },
      'POST /admin/reply-templates': (call) => ({
        data: { ...unreadable, id: 9, ...(call.body as object) },
        key: 'operation_succeeded',
      }),
    });
    const { store } = renderWithStore(<ReplyTemplatesPage />);
    signInOperator(store, { name: 'sam', role: 'support', permissions: ['support.reply'], id: 3 });
    const row = await screen.findByTestId('template-row-4');
    expect(row.textContent).toContain('Screenshot unreadable');
    expect(row.textContent).toContain('refusing a deposit, refusing a real-name request');
    expect(row.textContent).toContain('2 of 10');

    await user.click(screen.getByRole('button', { name: 'New template' }));
    const editor = screen.getByRole('region', { name: 'New template' });
    // Nothing is sent while the form wants fixing: a name, an act and the English text.
    await user.click(within(editor).getByRole('button', { name: 'Save template' }));
    expect(within(editor).getByText('Give a name of 2 to 64 characters.')).toBeTruthy();
    expect(within(editor).getByText('Pick at least one act that offers it.')).toBeTruthy();
    expect(within(editor).getByText('Write the English text: every other language falls back to it.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(within(editor).getByLabelText('Name'), 'Card holder differs');
    await user.click(within(editor).getByLabelText('refusing a withdrawal'));
    const english = within(within(editor).getByTestId('template-en')).getByLabelText('Text the user reads');
    await user.type(english, 'The card is not in your name.');
    const chinese = within(within(editor).getByTestId('template-zh')).getByLabelText('Text the user reads');
    await user.type(chinese, '银行卡不是您本人的。');
    expect(within(editor).getByTestId('template-de').textContent).toContain('Shows English');
    await user.click(within(editor).getByRole('button', { name: 'Save template' }));

    const dialog = screen.getByRole('dialog', { name: 'Save this new template?' });
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'asked by finance');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Template “Card holder differs” saved.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/admin/reply-templates');
    expect(post?.body).toEqual({
      name: 'Card holder differs',
      uses: ['withdrawal_refuse'],
      texts: {
        en: 'The card is not in your name.',
        zh: '银行卡不是您本人的。',
        hk: '',
        jp: '',
        kor: '',
        th: '',
        vi: '',
        de: '',
        fr: '',
        es: '',
      },
      reason: 'asked by finance',
    });
  });

  it('edits a template whole and removes one, each with a reason', async () => {
    const user = userEvent.setup();
    const { calls } = mockServer({
      'GET /admin/reply-templates': { data: { items: [unreadable] } },
      'POST /admin/reply-templates/4': (call) => ({ data: { ...unreadable, ...(call.body as object) } }),
      'POST /admin/reply-templates/4/remove': { data: null },
    });
    const { store } = renderWithStore(<ReplyTemplatesPage />, { lang: 'zh' });
    signInOperator(store, { name: 'sam', role: 'support', permissions: ['support.reply'], id: 3 });
    await screen.findByTestId('template-row-4');
    await user.click(screen.getByRole('button', { name: '编辑 Screenshot unreadable' }));
    const editor = screen.getByRole('region', { name: '编辑“Screenshot unreadable”' });
    const name = within(editor).getByLabelText('名称');
    expect((name as HTMLInputElement).value).toBe('Screenshot unreadable');
    await user.clear(name);
    await user.type(name, 'Unreadable picture');
    await user.click(within(editor).getByRole('button', { name: '保存模板' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/审计日志/), 'clearer name');
    await user.click(within(dialog).getByRole('button', { name: '保存模板' }));
    await screen.findByText('模板“Unreadable picture”已保存。');
    expect(calls.find((c) => c.path === '/admin/reply-templates/4')?.body).toMatchObject({
      name: 'Unreadable picture',
      uses: ['deposit_refuse', 'kyc_refuse'],
      texts: { en: unreadable.texts.en, zh: unreadable.texts.zh },
      reason: 'clearer name',
    });

    await user.click(screen.getByRole('button', { name: '删除 Screenshot unreadable' }));
    const remove = screen.getByRole('dialog');
    await user.type(within(remove).getByLabelText(/审计日志/), 'not used any more');
    await user.click(within(remove).getByRole('button', { name: '删除' }));
    await screen.findByText('模板“Screenshot unreadable”已删除。');
    expect(calls.find((c) => c.path === '/admin/reply-templates/4/remove')?.body).toEqual({
      reason: 'not used any more',
    });
  });
});
