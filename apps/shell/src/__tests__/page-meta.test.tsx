import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@app/i18n/client';
import { NotFoundPage } from '../not-found/not-found-page.tsx';
import { renderRoutes } from './render.tsx';

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

describe("the shell's pages set the document's title and description", () => {
  it('not found: its title and text, following the language', async () => {
    await renderRoutes([{ path: '*', element: <NotFoundPage /> }], '/nowhere');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(document.title).toBe('Page not found · Contract Trader');
    expect(description()).toBe('This address does not lead to a page of the app.');
    await act(() => changeLanguage('de'));
    expect(document.title).not.toBe('Page not found · Contract Trader');
    expect(document.title).toMatch(/ · Contract Trader$/);
    await act(() => changeLanguage('en'));
  });
});
