import type { FastifyInstance } from 'fastify';
import { operatorHeaders, type TestOperator } from './test-operators.ts';

type Answer = { code: number; key: string; data: any; status: number };

async function send(admin: FastifyInstance, as: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await admin.inject({ method, url, headers: operatorHeaders(as), ...(payload ? { payload } : {}) });
  return { ...(response.json() as Omit<Answer, 'status'>), status: response.statusCode };
}

/**
 * A change of a control made as the platform requires of anyone since maker-checker: the maker sends it and, when
 * it weakens a control and is held (`change_proposed`), a second operator approves the proposal. Answers the
 * maker's answer when it applied (or was refused) at once, else the checker's approval.
 */
export async function changeControl(
  admin: FastifyInstance,
  url: string,
  body: object,
  { maker = 'alice', checker = 'bob' }: { maker?: TestOperator; checker?: TestOperator } = {},
): Promise<Answer> {
  const made = await send(admin, maker, 'POST', url, body);
  if (made.key !== 'change_proposed') return made;
  const pending = await send(admin, checker, 'GET', '/admin/held-changes?status=pending');
  const held = (pending.data.items as { id: number; proposed_by: string }[]).find((h) => h.proposed_by === maker);
  if (!held) throw new Error(`${url}: held, but ${checker} sees no proposal of ${maker}`);
  return send(admin, checker, 'POST', `/admin/held-changes/${held.id}/approve`, { reason: 'second operator' });
}

/**
 * A new plan as the platform requires since plan creation is held (`plan.create`): the maker proposes it, the
 * checker approves it. Answers the plan as the operator list shows it, in the shape of an operator API answer.
 */
export async function createPlanApproved(
  admin: FastifyInstance,
  body: { slug: string } & Record<string, unknown>,
  { maker = 'cole', checker = 'alice' }: { maker?: TestOperator; checker?: TestOperator } = {},
): Promise<Answer> {
  const approved = await changeControl(admin, '/admin/plans', body, { maker, checker });
  if (approved.code !== 200) return approved;
  const list = await send(admin, checker, 'GET', '/admin/plans');
  const plan = (list.data.items as { slug: string }[]).find((p) => p.slug === body.slug);
  return { ...approved, data: plan };
}
