import { desc, eq } from 'drizzle-orm';
import type { AdminOutboxItem } from '@app/contracts';
import type { Db } from '../db/client.ts';
import { audit } from '../audit/audit.service.ts';
import { outbox } from './outbox.table.ts';
import { seconds } from '../time/epoch.ts';

/** The latest texts sent, to one recipient or to all; reading live verification codes is audited. */
export async function readOutbox(
  db: Db,
  input: { recipient?: string | undefined; limit: number; operator: string; reason: string; ip: string },
): Promise<AdminOutboxItem[]> {
  const { recipient, limit } = input;
  const rows = await db
    .select()
    .from(outbox)
    .where(recipient ? eq(outbox.recipient, recipient) : undefined)
    .orderBy(desc(outbox.id))
    .limit(limit);
  await audit(db, {
    operator: input.operator,
    action: 'outbox.read',
    target: recipient ? `phone:${recipient}` : 'outbox',
    reason: input.reason,
    details: { count: rows.length },
    ip: input.ip,
  });
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    body: r.body,
    created_at: seconds(r.createdAt),
  }));
}
