import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { expect } from 'vitest';

type PlanNode = { 'Node Type': string; 'Index Cond'?: string; Plans?: PlanNode[] };
export type PlannedStatement = {
  query: string;
  /** The plan as JSON text, to look for a node type or an operator in. */
  plan: string;
  /** The index scans of the plan, at any depth. */
  indexScans: PlanNode[];
  /** The statement, its parameters and its plan: the message of a failed expectation. */
  what: string;
};

/**
 * A drizzle client on `pool` that records each statement it sends with its parameters, for explaining afterwards: a
 * module's own statements, exactly as it builds them.
 */
export function recordingDb(pool: pg.Pool) {
  const captured: { query: string; params: unknown[] }[] = [];
  const db = drizzle(pool, { logger: { logQuery: (query, params) => void captured.push({ query, params }) } });
  return { db, captured };
}

/**
 * Each recorded statement explained with its parameters on a session where a sequential scan costs more than any
 * index (on a test's small tables the planner would otherwise pick one anyway): no plan may hold one, and `check`
 * looks at the rest.
 */
export async function expectIndexedPlans(
  url: string,
  captured: { query: string; params: unknown[] }[],
  check: (statement: PlannedStatement) => void,
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SET enable_seqscan = off');
    for (const { query, params } of captured) {
      const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `EXPLAIN (FORMAT JSON) ${query}`,
        params,
      );
      const tree = rows[0]!['QUERY PLAN'];
      const plan = JSON.stringify(tree);
      const what = `${query}\n${JSON.stringify(params)}\n${plan}`;
      expect(plan, what).not.toContain('Seq Scan');
      const indexScans: PlanNode[] = [];
      const walk = (node: PlanNode) => {
        if (/Index/.test(node['Node Type'])) indexScans.push(node);
        for (const child of node.Plans ?? []) walk(child);
      };
      for (const root of tree) walk(root.Plan);
      check({ query, plan, indexScans, what });
    }
  } finally {
    await client.end();
  }
}
