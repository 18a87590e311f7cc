import type { OperatorRole } from '@app/contracts';
import { bootstrapOperators } from '../../apps/server/test/helpers/operator-bootstrap.ts';

/**
 * The operators of every e2e server, the same team as the in-process tests': two admins, two finance reviewers
 * (a maker and a different checker), support and content. Each acts with an API token of their own role.
 */
export const E2E_OPERATORS = {
  alice: 'admin',
  bob: 'admin',
  fay: 'finance',
  finn: 'finance',
  sam: 'support',
  cole: 'content',
} as const satisfies Record<string, OperatorRole>;
export type OperatorName = keyof typeof E2E_OPERATORS;
export type OperatorTokens = Record<OperatorName, string>;

/**
 * Makes the team on a fresh server the way a person would (the shared ADMIN_TOKEN bootstraps the first admin,
 * who invites the rest): once per data dir, since bootstrapping works only while no operator exists.
 */
export async function bootstrapTeam(server: { adminUrl: string; adminToken: string }): Promise<OperatorTokens> {
  return (await bootstrapOperators(server.adminUrl, server.adminToken, E2E_OPERATORS)) as OperatorTokens;
}

/** The shared server's operators (global setup made them and handed their tokens over in E2E_OPERATOR_TOKENS). */
export function sharedOperators(): OperatorTokens {
  const tokens = process.env.E2E_OPERATOR_TOKENS;
  if (!tokens) throw new Error('E2E_OPERATOR_TOKENS is not set: the shared server is started by global setup');
  return JSON.parse(tokens) as OperatorTokens;
}

/** The headers of an operator API call made with an operator's token. */
export const operatorAuth = (token: string) => ({ authorization: `Bearer ${token}` });

type Answer = { code: number; key: string; msg: string; data: unknown };

/**
 * A change of a control as the platform requires of anyone: `maker` sends it and, when it weakens a control and
 * is held for a second operator (`change_proposed`), `checker` approves the proposal. Answers the answer that
 * applied it (or refused it).
 */
export async function changeControl(
  adminUrl: string,
  tokens: { maker: string; checker: string },
  route: string,
  body: object,
): Promise<Answer> {
  const send = async (token: string, method: 'GET' | 'POST', path: string, payload?: object) => {
    const response = await fetch(`${adminUrl}${path}`, {
      method,
      headers: { ...operatorAuth(token), ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });
    return (await response.json()) as Answer;
  };
  const made = await send(tokens.maker, 'POST', route, body);
  if (made.key !== 'change_proposed') return made;
  const pending = (await send(tokens.checker, 'GET', '/admin/held-changes?status=pending')).data as {
    items: { id: number; created_at: number }[];
  };
  const held = pending.items[0];
  if (!held) throw new Error(`${route}: held, but no proposal is pending`);
  return send(tokens.checker, 'POST', `/admin/held-changes/${held.id}/approve`, { reason: 'e2e: second operator' });
}
