import { expect, type Page, type Request } from '@playwright/test';

/**
 * Counts a page's requests from now on (those `only` picks), so a spec can wait until none is in flight: the
 * condition `networkidle` stands for, without its fixed half second of quiet. Set it up before the navigation.
 */
export function watchRequests(page: Page, only: (request: Request) => boolean = () => true) {
  const pending = new Set<Request>();
  page.on('request', (request) => void (only(request) && pending.add(request)));
  page.on('requestfinished', (request) => void pending.delete(request));
  page.on('requestfailed', (request) => void pending.delete(request));
  return {
    /** Resolves once every request seen so far has finished or failed. */
    idle: () =>
      expect
        .poll(() => [...pending].map((request) => request.url()), { message: 'requests still in flight' })
        .toEqual([]),
  };
}
