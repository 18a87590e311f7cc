import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminContentItem } from '@app/contracts';
import { mockServer, renderWithStore } from '../../../test-support/render.tsx';
import { ContentEditor } from '../components/content-editor.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const created: AdminContentItem = {
  id: 31,
  kind: 'notice',
  slug: 'holiday',
  state: 'draft',
  publish_at: 1_800_000_000,
  link: null,
  tone: 'brand',
  activity_type: null,
  starts_at: null,
  ends_at: null,
  pinned: false,
  sort: 0,
  languages: ['en'],
  translations: { en: { title: 'Holiday hours', summary: '', body: '<p>Closed</p>' } },
};

describe('the content editor', () => {
  it('previews the server’s cleaned text, falls back to English, and creates with a reason', async () => {
    const server = mockServer({
      'POST /admin/content/preview': (call) => {
        const body = call.body as { title: string; body: string };
        // The server's cleaning: the preview must show this, not what was typed.
        return { data: { title: body.title, summary: '', body: body.body.replace(/<script.*<\/script>/, '') } };
      },
      'POST /admin/content': { data: created },
    });
    const onCreated = vi.fn();
    renderWithStore(<ContentEditor item={null} kind="notice" onClose={() => {}} onCreated={onCreated} />);
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Slug'), 'holiday');
    await user.type(document.getElementById('en-title')!, 'Holiday hours');
    await user.type(document.getElementById('en-body')!, '<p>Closed</p><script>x()</script>');
    await user.type(document.getElementById('zh-title')!, '假期');

    await waitFor(() => {
      const frame = screen.getByTestId('phone-preview') as HTMLIFrameElement;
      expect(frame.getAttribute('srcdoc')).toContain('<p>Closed</p>');
      expect(frame.getAttribute('srcdoc')).not.toContain('script');
    });
    const frame = screen.getByTestId('phone-preview') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.style.width).toBe('390px');

    // A German reader has no text: English, with the note.
    await user.selectOptions(screen.getByTestId('preview-language'), 'de');
    expect(screen.getByText('No Deutsch text: a Deutsch reader sees English.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('phone-preview').getAttribute('srcdoc')).toContain(
        'Shown in English: there is no Deutsch version.',
      ),
    );

    await user.click(screen.getByTestId('save-content'));
    const dialog = await screen.findByTestId('reason-dialog');
    expect(dialog.textContent).toContain('English, 简体中文');
    await user.type(screen.getByLabelText('Reason (kept in the audit log)'), 'holiday notice');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    const sent = server.calls.find((c) => c.method === 'POST' && c.path === '/admin/content')!.body as {
      reason: string;
      translations: Record<string, unknown>;
    };
    expect(sent.reason).toBe('holiday notice');
    expect(Object.keys(sent.translations)).toEqual(['en', 'zh']);
  }, 30_000);

  it('sends nothing while English is missing', async () => {
    const server = mockServer({ 'POST /admin/content/preview': { data: { title: '', summary: '', body: '' } } });
    renderWithStore(<ContentEditor item={null} kind="notice" onClose={() => {}} onCreated={() => {}} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Slug'), 'x-notice');
    await user.click(screen.getByTestId('save-content'));
    expect(screen.getByText('An English title is required.')).toBeTruthy();
    expect(screen.queryByTestId('reason-dialog')).toBeNull();
    expect(server.calls.filter((c) => c.path === '/admin/content')).toEqual([]);
  });
});
