import { expect, type Page } from '@playwright/test';

export const base = () => process.env.E2E_BASE_URL!;

/** Opens a route of the hash router under /h5/. */
export async function open(page: Page, route: string) {
  await page.goto(`${base()}/h5/#${route}`);
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
