import { expect, type Page } from '@playwright/test';

export const base = () => process.env.E2E_BASE_URL!;

/** Opens a route of the hash router under /h5/. */
export async function open(page: Page, route: string) {
  await page.goto(`${base()}/h5/#${route}`);
}

/**
 * Opens a route of the app already loaded in the page as a tap on a link does (the hash changes, the document and
 * its scripts stay), and resolves once the new route's page has replaced the one before: a sweep over many screens
 * then costs a render per screen, not a whole load of the shell and its remote. The page before is marked first,
 * so it cannot pass for the new one while the new route's code loads (the router keeps the old page on screen
 * meanwhile); a page the router kept instead of replacing would never lose the mark, and the wait fails. A page not
 * yet on the app, or already on the route, is loaded in full.
 */
export async function visit(page: Page, route: string) {
  const onApp = page.url().startsWith(`${base()}/h5/`);
  const moved =
    onApp &&
    (await page.evaluate((target) => {
      if (location.hash === `#${target}`) return false;
      for (const main of document.querySelectorAll('main')) main.setAttribute('data-e2e-left', '');
      location.hash = target;
      return true;
    }, route));
  if (!moved) await open(page, route);
  await expect(page.locator('main:not([data-e2e-left])').first()).toBeVisible();
  await expect(page.locator('main[data-e2e-left]')).toHaveCount(0);
}

/** The bottom tab bar's labels, in order. */
export async function tabLabels(page: Page): Promise<string[]> {
  const nav = page
    .getByRole('navigation')
    .filter({ has: page.locator('a[href="#/pages/user/user"]') })
    .last();
  await expect(nav).toBeVisible();
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
}

/** Text that looks like an untranslated key: "mine.menu.logout", "tabs.home", "titles.news". */
export const RAW_KEY =
  /\b(?:tabs|actions|states|remote|notFound|home|glossary|titles|unavailable|language|form|login|register|mine|logout|forgot|customer|agreement|download|info|security|password|display|invite|notices|order|trade|project|details|popular|wallet)\.[a-zA-Z-]+/;
