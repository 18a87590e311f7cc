import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { operatorAuth, sharedOperators, type OperatorTokens } from './operators.ts';
import { repoRoot } from './paths.ts';
import { text } from './texts.ts';

// otplib is the server's dependency (the codes an authenticator app would show), resolved from apps/server.
const requireFromServer = createRequire(path.join(repoRoot, 'apps/server/package.json'));
const { generate } = requireFromServer('otplib') as {
  generate: (options: { secret: string; epoch?: number }) => Promise<string>;
};

const c = (key: string) => text('console', 'en', key);
export const consoleUrl = (on?: ConsoleServer) => `${on?.adminUrl ?? process.env.E2E_ADMIN_URL}/console/`;
/** A server other than the shared one (a market server with its own team); the shared one when not given. */
export type ConsoleServer = { adminUrl: string; operators: OperatorTokens };
const password = (name: string) => `${name}-console-passphrase-7f3a`;

export type Envelope<T> = { code: number; key: string; msg: string; data: T };

/** An operator API call with an operator's own API token. */
export async function operatorApi<T>(
  token: string,
  url: string,
  body?: object,
  on?: ConsoleServer,
): Promise<Envelope<T>> {
  const response = await fetch(`${on?.adminUrl ?? process.env.E2E_ADMIN_URL}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: { lang: 'en', ...operatorAuth(token), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as Envelope<T>;
}

/**
 * An invitation made as the platform requires it: alice invites and, for a role with power over money or
 * operators (held for a second admin), bob approves it and is the one shown the ticket. Answers the ticket.
 */
export async function invitationTicket(
  name: string,
  role: 'support' | 'finance' | 'admin' | 'content',
  reason: string,
  on?: ConsoleServer,
) {
  const team = on?.operators ?? sharedOperators();
  const invited = await operatorApi<{ ticket?: string; held?: { id: number } }>(
    team.alice,
    '/admin/operators',
    {
      name,
      role,
      reason,
    },
    on,
  );
  expect(invited.code, invited.msg).toBe(200);
  if (invited.data.ticket) return invited.data.ticket;
  const approved = await operatorApi<{ invitation: { ticket: string } }>(
    team.bob,
    `/admin/held-changes/${invited.data.held!.id}/approve`,
    { reason: `e2e: ${name} joins` },
    on,
  );
  expect(approved.code, approved.msg).toBe(200);
  return approved.data.invitation.ticket;
}

/**
 * An operator of `role` as a person becomes one: alice (admin) invites them; in the console they accept the
 * invitation, choose a password, enrol an authenticator with its first code and save their recovery codes.
 */
export async function joinConsoleAs(
  page: Page,
  role: 'support' | 'finance' | 'admin',
  prefix: string,
  on?: ConsoleServer,
): Promise<string> {
  const name = `${prefix}-${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const ticket = await invitationTicket(name, role, `e2e: a ${role} operator for the console's user page`, on);
  await page.goto(consoleUrl(on));
  await page.getByRole('button', { name: c('signIn.haveInvitation') }).click();
  await page.getByLabel(c('accept.ticket')).fill(ticket);
  await page.getByLabel(c('accept.password')).fill(password(name));
  await page.getByLabel(c('accept.repeat')).fill(password(name));
  await page.getByRole('button', { name: c('accept.submit') }).click();
  await expect(page.getByText(c('signIn.passwordSet'))).toBeVisible();
  await page.getByLabel(c('signIn.password'), { exact: true }).fill(password(name));
  await page.getByRole('button', { name: c('signIn.submit') }).click();
  const secret = (await page.getByTestId('enrol-secret').innerText()).replace(/\s+/g, '');
  await page.getByLabel(c('enrol.code')).fill(await generate({ secret }));
  await page.getByRole('button', { name: c('enrol.submit') }).click();
  // Ten argon2id hashes on a shared machine: the codes may take a while.
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10, { timeout: 60_000 });
  await page.getByLabel(c('recovery.saved')).check();
  await page.getByRole('button', { name: c('recovery.continue') }).click();
  await expect(page.getByTestId('who')).toContainText(name);
  return name;
}
