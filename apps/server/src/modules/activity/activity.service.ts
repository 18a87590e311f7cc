import { sql } from 'drizzle-orm';
import { formatMoney, type MyOrder, type MyOrderKind, type MyOrderList } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';

type Row = {
  kind: MyOrderKind;
  id: string;
  action: string;
  title: string;
  amount: string;
  status: string;
  pnl: string | null;
  mode: 'real' | 'practice' | null;
  created_at: Date;
  target_type: MyOrder['target']['type'];
  target_id: string;
};

/**
 * Everything a user did, newest first across kinds, read from the tables that hold each (nothing is copied
 * into a table of its own): contract orders (a copy the server placed for a subscription is kind "copy"),
 * plan orders, deposits, withdrawals and exchanges. Each branch reads only the user's rows by its
 * (user_id, id) index; the union is sorted and paged.
 */
export async function myOrders(
  db: DbOrTx,
  input: { userId: number; kind?: MyOrderKind | undefined; page: number; size: number },
): Promise<MyOrderList> {
  const u = input.userId;
  const branches = {
    order: sql`
      SELECT (CASE WHEN t.id IS NULL THEN 'order' ELSE 'copy' END)::text AS kind, o.id, o.direction AS action,
        p.symbol AS title, o.stake AS amount, coalesce(o.result, o.status) AS status,
        (o.payout - o.stake - o.fee) AS pnl, o.mode, o.created_at, 'order' AS target_type, o.id AS target_id
      FROM contract_orders o JOIN products p ON p.id = o.product_id
      LEFT JOIN copy_tasks t ON t.copy_order_id = o.id
      WHERE o.user_id = ${u}`,
    plan: sql`
      SELECT 'plan' AS kind, id, kind AS action, title, amount, 'done' AS status, NULL::bigint AS pnl, NULL::text AS mode,
        created_at, 'holding' AS target_type, holding_id AS target_id
      FROM invest_orders WHERE user_id = ${u}`,
    deposit: sql`
      SELECT 'deposit' AS kind, id,
        CASE class WHEN 3 THEN 'recharge_bonus' WHEN 2 THEN 'promotion' WHEN 1 THEN 'gift' ELSE 'recharge' END AS action,
        channel_name AS title, amount,
        CASE status WHEN 1 THEN 'success' WHEN 2 THEN 'failed' WHEN 3 THEN 'review' ELSE 'audit' END AS status,
        NULL::bigint AS pnl, NULL::text AS mode, created_at, 'deposit' AS target_type, id AS target_id
      FROM deposits WHERE user_id = ${u}`,
    withdrawal: sql`
      SELECT 'withdrawal' AS kind, id, 'withdraw' AS action, kind AS title, amount,
        CASE status WHEN 1 THEN 'success' WHEN 2 THEN 'failed' ELSE 'review' END AS status,
        NULL::bigint AS pnl, NULL::text AS mode, created_at, 'withdrawal' AS target_type, id AS target_id
      FROM withdrawals WHERE user_id = ${u}`,
    exchange: sql`
      SELECT 'exchange' AS kind, id, direction AS action, coin AS title, cash_amount AS amount, 'done' AS status,
        NULL::bigint AS pnl, NULL::text AS mode, created_at, 'exchange' AS target_type, id AS target_id
      FROM exchanges WHERE user_id = ${u}`,
  };
  const picked =
    input.kind === undefined ? Object.values(branches) : [branches[input.kind === 'copy' ? 'order' : input.kind]];
  const union = sql.join(picked, sql` UNION ALL `);
  const kindFilter = input.kind === undefined ? sql`true` : sql`a.kind = ${input.kind}`;
  const rows = await db.execute<Row & { total: number }>(sql`
    SELECT a.*, count(*) OVER ()::int AS total FROM (${union}) a
    WHERE ${kindFilter}
    ORDER BY a.created_at DESC, a.kind, a.id DESC
    LIMIT ${input.size} OFFSET ${(input.page - 1) * input.size}`);
  let total = rows.rows[0]?.total;
  if (total === undefined) {
    const counted = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM (${union}) a WHERE ${kindFilter}`,
    );
    total = counted.rows[0]!.n;
  }
  return {
    items: rows.rows.map((r) => ({
      kind: r.kind,
      id: Number(r.id),
      action: r.action,
      title: r.title,
      amount: formatMoney(BigInt(r.amount)),
      status: r.status,
      pnl: r.pnl === null ? null : formatMoney(BigInt(r.pnl)),
      mode: r.mode,
      created_at: Math.floor(new Date(r.created_at).getTime() / 1000),
      target: { type: r.target_type, id: Number(r.target_id) },
    })),
    total,
    page: input.page,
  };
}
