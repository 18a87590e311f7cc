import { expect, test } from '@playwright/test';
import { open } from '../support/app.ts';
import { registerByApi, useSession } from '../support/session.ts';
import { text } from '../support/texts.ts';

/**
 * Content end to end on the shared server: Home shows the seeded notices and popular projects from a fresh
 * start; a message an operator sends appears with an unread badge on Mine that clears once it is read.
 */
const admin = (path: string, body: object) =>
  fetch(`${process.env.E2E_ADMIN_URL}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}`,
      'x-operator': 'e2e',
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<{ code: number; data: unknown }>);

async function userId(token: string): Promise<number> {
  const response = await fetch(`${process.env.E2E_API_URL}/api/user/index`, { headers: { token } });
  return ((await response.json()) as { data: { id: number } }).data.id;
}

test('Home shows notices and popular projects from a fresh start', async ({ page }) => {
  await open(page, '/');
  const notices = page.getByTestId('home-notices');
  await expect(notices).toContainText('Withdrawal hours');
  await expect(page.getByTestId('popular-projects').getByTestId('plan-card').first()).toBeVisible();
});

test('an operator message shows an unread badge on Mine that clears when read', async ({ page }) => {
  const user = await registerByApi(`msg${Date.now() % 1_000_000}`);
  const id = await userId(user.token);
  const sent = await admin('/admin/messages', {
    reason: 'e2e message',
    user_id: id,
    title: 'Hello from e2e',
    body: 'Read me',
  });
  expect(sent.code).toBe(200);
  await useSession(page, user.token, 'en');
  await open(page, '/pages/user/user');
  await expect(page.getByTestId('messages-badge')).toHaveText('1');
  await page.getByRole('link', { name: text('account', 'en', 'mine.menu.messages') }).click();
  await page.getByText('Hello from e2e').click();
  await expect(page.getByText('Read me')).toBeVisible();
  await open(page, '/pages/user/user');
  await expect(page.getByTestId('messages-badge')).toHaveCount(0);
});
