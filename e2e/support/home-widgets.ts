import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Scrolls Home to a widget below the fold, as a user does, until `loaded` shows: a widget loads when its box comes
 * on screen, and while Home is still filling (the total-assets card, the quotes) the box can be pushed off again
 * before the browser noticed it, so the user (and this) scrolls to it once more.
 */
export async function scrollToWidget(page: Page, widget: string, loaded: Locator) {
  const slot = page.locator(`[data-widget="${widget}"]`);
  await expect(async () => {
    await slot.scrollIntoViewIfNeeded();
    await expect(loaded).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
}
