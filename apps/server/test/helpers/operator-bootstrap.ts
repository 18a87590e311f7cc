import { generate } from 'otplib';
import type { OperatorRole } from '@app/contracts';

/**
 * Operators for a server started as a process (crash and cluster tests, e2e, scripts), made the way a person
 * makes them: the shared ADMIN_TOKEN bootstraps the first admin, who signs in, enrols an authenticator (the
 * codes computed here from the secret the enrolment shows), invites the others and makes an API token for each.
 * Answers each operator's API token, by name.
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
  const [first, ...others] = Object.entries(team);
  if (!first || first[1] !== 'admin') throw new Error('the first operator must be an admin');
  const password = (name: string) => `${name}-console-passphrase-7f3a`;
  await post(
    adminUrl,
    '/admin/operators/bootstrap',
    { name: first[0], password: password(first[0]) },
    {
      authorization: `Bearer ${sharedToken}`,
    },
  );
  const admin = await signInAndEnrol(adminUrl, first[0], password(first[0]));
  const tokens: Record<string, string> = { [first[0]]: await makeToken(adminUrl, admin, 'admin') };
  for (const [name, role] of others) {
    const invited = await post<{ ticket: string }>(
      adminUrl,
      '/admin/operators',
      { name, role, reason: 'test team' },
      admin.headers,
    );
    await post(adminUrl, '/admin/session/accept', { ticket: invited.ticket, password: password(name) });
    const session = await signInAndEnrol(adminUrl, name, password(name));
    tokens[name] = await makeToken(adminUrl, session, role);
  }
  return tokens;
}

type Session = { headers: Record<string, string> };

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
