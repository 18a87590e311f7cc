import { eq } from 'drizzle-orm';
import { formatMoney } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { seconds } from '../../platform/time/epoch.ts';
import { deposits, withdrawals } from './wallet.table.ts';

/** A deposit or withdrawal as a contested record's evidence shows it, with its owner and whether it was refused. */
export type MoneyRecordFacts = {
  userId: number;
  /** Refused by an operator (status 2): the only state a user may contest. */
  refused: boolean;
  record: {
    id: number;
    status: number;
    amount: string;
    via: string;
    reference_code: string | null;
    reason: string | null;
    reviewed_by: string | null;
    created_at: number;
    reviewed_at: number | null;
    upload_id: string | null;
  };
};

/** One deposit or withdrawal by id (any user's: the caller checks the owner), or null. */
export async function moneyRecordFacts(
  db: DbOrTx,
  kind: 'deposit' | 'withdrawal',
  id: number,
): Promise<MoneyRecordFacts | null> {
  if (kind === 'deposit') {
    const [d] = await db.select().from(deposits).where(eq(deposits.id, id));
    if (!d) return null;
    return {
      userId: d.userId,
      // Only a user's own recharge (class 0) is reviewed and refused; gifts and bonuses are not contested here.
      refused: d.status === 2 && d.class === 0,
      record: {
        id: d.id,
        status: d.status,
        amount: formatMoney(d.amount),
        via: d.channelName,
        reference_code: d.referenceCode,
        reason: d.reason,
        reviewed_by: d.reviewedBy,
        created_at: seconds(d.createdAt)!,
        reviewed_at: seconds(d.reviewedAt),
        upload_id: d.uploadId,
      },
    };
  }
  const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!w) return null;
  return {
    userId: w.userId,
    refused: w.status === 2,
    record: {
      id: w.id,
      status: w.status,
      amount: formatMoney(w.amount),
      via: w.destination,
      reference_code: null,
      reason: w.reason,
      reviewed_by: w.reviewedBy,
      created_at: seconds(w.createdAt)!,
      reviewed_at: seconds(w.reviewedAt),
      upload_id: null,
    },
  };
}
