import { expect, test } from '@playwright/test';
import { open } from '../support/app.ts';
import { useSession } from '../support/session.ts';

/**
 * The modals of packages/ui are native dialogs opened with showModal(): the page behind is inert, Tab and
 * Shift+Tab go round every control inside (selects, textareas and tabindex=0 elements too), Escape closes and
 * focus returns to the button that opened it.
 */
test('a dialog keeps focus inside, whatever it holds, and the page behind cannot be reached', async ({ page }) => {
  await useSession(page, process.env.E2E_TOKEN!, 'en');
  await open(page, '/pages/user/user');
  const opener = page.getByRole('button', { name: 'Log out' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Log out?' });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);

  // The tab bar behind is inert: the point where its Home link sits belongs to the dialog's backdrop.
  const home = await page.locator('a[href="#/"]').last().boundingBox();
  expect(home).not.toBeNull();
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('dialog') !== null,
    [home!.x + home!.width / 2, home!.y + home!.height / 2],
  );
  expect(hit).toBe(true);

  // Every kind of control a form dialog can hold, after the title.
  await dialog.evaluate((d) =>
    d
      .querySelector('h2')!
      .insertAdjacentHTML(
        'afterend',
        '<div tabindex="0">Terms</div><select aria-label="Network"><option>TRC20</option></select><textarea aria-label="Note"></textarea>',
      ),
  );
  const focused = () =>
    dialog.evaluate((d) => {
      const active = document.activeElement as HTMLElement | null;
      return d.contains(active) ? (active?.getAttribute('aria-label') ?? active?.textContent ?? '') : 'OUTSIDE';
    });
  const forward = new Set<string>();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    forward.add(await focused());
  }
  expect([...forward].sort()).toEqual(['Cancel', 'Log out', 'Network', 'Note', 'Terms']);
  const backward = new Set<string>();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Shift+Tab');
    backward.add(await focused());
  }
  expect([...backward].sort()).toEqual(['Cancel', 'Log out', 'Network', 'Note', 'Terms']);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
