import { generate } from 'otplib';
import type { OperatorRole } from '@app/contracts';

/**
 * Operators for a server started as a process (crash and cluster tests, e2e, scripts), made the way a person
 * makes them: the shared ADMIN_TOKEN bootstraps the two founding admins (the first two of the team), who sign in
 * and enrol an authenticator (the codes computed here from the secret the enrolment shows); the first invites
 * the others, and an invitation to a role with power over money or operators is approved by the second, who is
 * then the one shown its ticket. Each gets an API token. Answers each operator's API token, by name.
 */
export async function bootstrapOperators(
  adminUrl: string,
  sharedToken: string,
  team: Record<string, OperatorRole> = {
    alice: 'admin',
    bob: 'admin',
    fay: 'finance',
    finn: 'finance',
    sam: 'support',
  },
): Promise<Record<string, string>> {
  const [first, second, ...others] = Object.entries(team);
  if (first?.[1] !== 'admin' || second?.[1] !== 'admin') throw new Error('the first two operators must be admins');
  const password = (name: string) => `${name}-console-passphrase-7f3a`;
  const founders: Session[] = [];
  for (const [name] of [first, second]) {
    await post(
      adminUrl,
      '/admin/operators/bootstrap',
      { name, password: password(name) },
      { authorization: `Bearer ${sharedToken}` },
    );
    founders.push(await signInAndEnrol(adminUrl, name, password(name)));
  }
  const [maker, checker] = founders as [Session, Session];
  const tokens: Record<string, string> = {
    [first[0]]: await makeToken(adminUrl, maker, 'admin'),
    [second[0]]: await makeToken(adminUrl, checker, 'admin'),
  };
  for (const [name, role] of others) {
    const ticket = await inviteOperator(adminUrl, { name, role, reason: 'test team' }, maker, checker);
    await post(adminUrl, '/admin/session/accept', { ticket, password: password(name) });
    const session = await signInAndEnrol(adminUrl, name, password(name));
    tokens[name] = await makeToken(adminUrl, session, role);
  }
  return tokens;
}

/**
 * An invitation as the platform requires it: the maker invites and, when it is held (a role with power over money
 * or operators), the checker approves it. Answers the invitation's ticket (the maker's when made at once, else
 * the checker's). Maker and checker are request headers: a session's (cookie and CSRF token) or an API token's.
 */
export async function inviteOperator(
  adminUrl: string,
  invite: { name: string; role: OperatorRole; reason: string },
  maker: Session,
  checker: Session,
): Promise<string> {
  const invited = await post<{ ticket?: string; held?: { id: number } }>(
    adminUrl,
    '/admin/operators',
    invite,
    maker.headers,
  );
  if (invited.ticket) return invited.ticket;
  const approved = await post<{ invitation: { ticket: string } }>(
    adminUrl,
    `/admin/held-changes/${invited.held!.id}/approve`,
    { reason: `${invite.name} joins the team` },
    checker.headers,
  );
  return approved.invitation.ticket;
}

export type Session = { headers: Record<string, string> };

async function signInAndEnrol(adminUrl: string, name: string, password: string): Promise<Session> {
  const login = await post<{ state: string; enrolment: { ticket: string; secret: string } }>(
    adminUrl,
    '/admin/session/login',
    { name, password },
  );
  if (login.state !== 'enrol') throw new Error(`${name}: expected an enrolment, got ${login.state}`);
  const code = await generate({ secret: login.enrolment.secret });
  const response = await fetch(`${adminUrl}/admin/session/enrol`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ticket: login.enrolment.ticket, code }),
  });
  const body = (await response.json()) as { code: number; key: string; data: { csrf_token: string } };
  if (body.code !== 200) throw new Error(`${name}: enrol answered ${body.key}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { headers: { cookie, 'x-csrf-token': body.data.csrf_token } };
}

async function makeToken(adminUrl: string, session: Session, role: OperatorRole) {
  const made = await post<{ token: string }>(
    adminUrl,
    '/admin/tokens',
    { label: 'automation', role, reason: 'token for the test suite' },
    session.headers,
  );
  return made.token;
}

async function post<T = unknown>(adminUrl: string, path: string, body: object, headers: Record<string, string> = {}) {
  const response = await fetch(`${adminUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; key: string; data: T };
  if (answer.code !== 200) throw new Error(`${path} answered ${answer.key}`);
  return answer.data;
}
