import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { toldUser, type UserWording } from '../../platform/messaging/user-wording.ts';
import type { AdminKycItem, Certification, CertificationBody, DocumentType } from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { postInboxMessage } from '../inbox/index.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { accountOf, setRealNameState, userIs } from '../users/index.ts';
import { kycSubmissions } from './kyc.table.ts';
import { decryptDocument, documentHash, encryptDocument, type KycKeys } from './kyc-crypto.ts';
import {
  isValidDocumentNumber,
  isValidRealName,
  maskDocumentNumber,
  maskName,
  normaliseDocumentNumber,
} from './id-document.ts';
import { seconds } from '../../platform/time/epoch.ts';
import { uniqueViolation } from '../../platform/db/unique-violation.ts';

type Row = typeof kycSubmissions.$inferSelect;

/** Hook for what follows an approval inside its transaction (the invitation bonus). */
export type ApprovalHook = (tx: Parameters<Parameters<Db['transaction']>[0]>[0], userId: number) => Promise<void>;

export async function latestSubmission(db: Db, userId: number): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.id))
    .limit(1);
  return row ?? null;
}

export function toCertification(row: Row | null): Certification {
  if (!row) {
    return {
      state: 'none',
      real_name: null,
      doc_type: null,
      id_number_masked: null,
      reason: null,
      submitted_at: null,
      decided_at: null,
      can_submit: true,
    };
  }
  const state = row.state === 'approved' ? 'verified' : (row.state as 'pending' | 'refused');
  return {
    state,
    real_name: maskName(row.realName),
    doc_type: row.docType as DocumentType,
    id_number_masked: row.docMasked,
    reason: row.reason,
    submitted_at: seconds(row.createdAt),
    decided_at: seconds(row.decidedAt),
    can_submit: state === 'refused',
  };
}

/**
 * A real-name submission. Checks in the order the user fixes them: state (verified, under review), name,
 * number, uniqueness. The number is never logged; it leaves this function only encrypted, hashed and masked.
 * Two users racing with one number: the partial unique index lets one in, the other hears "exists".
 */
export async function submitCertification(
  db: Db,
  keys: KycKeys,
  userId: number,
  body: { real_name: string; doc_type: DocumentType; id_number: string },
): Promise<Certification> {
  const current = await latestSubmission(db, userId);
  if (current?.state === 'approved') throw new AppError('already_verified');
  if (current?.state === 'pending') throw new AppError('real_name_under_review');
  const name = body.real_name.trim().replace(/\s+/g, ' ');
  // A resident ID's name is in Chinese characters: the refusal says so, as the field's hint did before it.
  if (!isValidRealName(body.doc_type, name))
    throw new AppError(body.doc_type === 'cn_id' ? 'name_in_chinese' : 'name_wrong', { field: 'real_name' });
  const number = normaliseDocumentNumber(body.id_number);
  if (!isValidDocumentNumber(body.doc_type, number)) throw new AppError('id_number_wrong', { field: 'id_number' });
  const hash = documentHash(keys, body.doc_type, number);
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(kycSubmissions)
        .values({
          userId,
          realName: name,
          docType: body.doc_type,
          docCipher: encryptDocument(keys, userId, number),
          docHash: hash,
          docMasked: maskDocumentNumber(number),
        })
        .returning();
      await setRealNameState(tx, userId, 'pending');
      return inserted!;
    });
    return toCertification(row);
  } catch (error) {
    if (uniqueViolation(error) === 'kyc_submissions_live_doc_key') {
      throw new AppError('id_number_exists', { field: 'id_number' });
    }
    if (uniqueViolation(error) === 'kyc_submissions_live_user_key') {
      // The same user submitting twice at once: whichever came second sees the first.
      const again = await latestSubmission(db, userId);
      throw new AppError(again?.state === 'approved' ? 'already_verified' : 'real_name_under_review');
    }
    throw error;
  }
}

export type CertificationInput = CertificationBody;

export type SubmissionFilter = {
  state?: 'pending' | 'approved' | 'refused' | undefined;
  user?: string | undefined;
  /** Only these submissions (an export of the rows an operator selected). */
  ids?: number[] | undefined;
};

/** One page of submissions (pending oldest first, so the queue is worked in order; otherwise newest first). */
export async function listSubmissions(
  db: Db,
  filter: SubmissionFilter,
  page: { limit: number; offset: number },
): Promise<{ items: AdminKycItem[]; total: number }> {
  const where = and(
    filter.state ? eq(kycSubmissions.state, filter.state) : undefined,
    filter.user ? userIs(filter.user, kycSubmissions.userId) : undefined,
    filter.ids !== undefined ? inArray(kycSubmissions.id, filter.ids) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ s: kycSubmissions, account: accountOf(kycSubmissions.userId) })
      .from(kycSubmissions)
      .where(where)
      .orderBy(filter.state === 'pending' ? kycSubmissions.id : desc(kycSubmissions.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(kycSubmissions).where(where),
  ]);
  return { items: rows.map(({ s, account }) => toAdminItem(s, account)), total: Number(total?.n ?? 0) };
}

/**
 * The document number in clear, for an operator reviewing the submission. The reading is audited with the
 * operator's reason before the number leaves (mirrors the transfer-screenshot view of a deposit).
 */
export async function readDocument(
  db: Db,
  keys: () => KycKeys,
  input: { id: number; operator: string; reason: string; ip?: string },
) {
  const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.id, input.id));
  // Erased when the user closed the account: nothing left to read.
  if (!row || row.docCipher.length === 0) throw new AppError('no_data');
  const number = decryptDocument(keys(), row.userId, row.docCipher);
  await audit(db, {
    operator: input.operator,
    action: 'kyc.document.read',
    target: `kyc:${row.id}`,
    reason: input.reason,
    details: { user_id: row.userId, doc_type: row.docType },
    ...(input.ip ? { ip: input.ip } : {}),
  });
  return { id: row.id, doc_type: row.docType as DocumentType, id_number: number };
}

function toAdminItem(s: Row, account: string): AdminKycItem {
  return {
    id: s.id,
    user_id: s.userId,
    account,
    real_name: s.realName,
    doc_type: s.docType as DocumentType,
    id_number_masked: s.docMasked,
    state: s.state as AdminKycItem['state'],
    reason: s.reason,
    decided_by: s.decidedBy,
    created_at: seconds(s.createdAt)!,
    decided_at: seconds(s.decidedAt),
  };
}

async function userOf(tx: DbOrTx, submissionId: number): Promise<number | null> {
  const [row] = await tx
    .select({ userId: kycSubmissions.userId })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.id, submissionId));
  return row?.userId ?? null;
}

/**
 * An operator's decision on a pending submission, audited in the same transaction. Only a pending row can be
 * decided (a second decision, or two operators at once, hears "already decided"). An approval runs `onApproved`
 * (the inviter's bonus) inside the same transaction.
 */
export async function decideSubmission(
  db: Db,
  input: {
    id: number;
    approve: boolean;
    reason: string;
    operator: string;
    ip?: string;
    onApproved?: ApprovalHook;
    /** A refusal's wording for the user (a reply template in their language); without one they read the reason. */
    wording?: UserWording | undefined;
  },
): Promise<AdminKycItem> {
  return db.transaction(async (tx) => {
    // A refusal's user is read before the row is decided: the wording is rendered in their language first.
    const told = input.approve ? null : await toldUser(tx, input.wording, await userOf(tx, input.id), input.reason);
    const [row] = await tx
      .update(kycSubmissions)
      .set({
        state: input.approve ? 'approved' : 'refused',
        reason: told ? told.text : null,
        decidedBy: input.operator,
        decidedAt: sql`now()`,
      })
      .where(and(eq(kycSubmissions.id, input.id), eq(kycSubmissions.state, 'pending')))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: kycSubmissions.id })
        .from(kycSubmissions)
        .where(eq(kycSubmissions.id, input.id));
      throw new AppError(exists ? 'review_already_decided' : 'no_data');
    }
    const account = await setRealNameState(tx, row.userId, input.approve ? 'verified' : 'refused');
    await audit(tx, {
      operator: input.operator,
      action: input.approve ? 'kyc.approve' : 'kyc.refuse',
      target: `kyc:${row.id}`,
      reason: input.reason,
      details: {
        user_id: row.userId,
        doc_type: row.docType,
        id_number_masked: row.docMasked,
        ...told?.audited,
      },
      ...(input.ip ? { ip: input.ip } : {}),
    });
    // The user hears the result in the same transaction that decides it.
    await postInboxMessage(tx, {
      userId: row.userId,
      kind: input.approve ? 'realname_approved' : 'realname_refused',
      params: told ? { reason: told.text } : {},
      reference: `kyc:${row.id}:decided`,
    });
    await tx
      .update(kycSubmissions)
      .set({ notifiedAt: sql`now()` })
      .where(eq(kycSubmissions.id, row.id));
    if (input.approve && input.onApproved) await input.onApproved(tx, row.userId);
    return toAdminItem(row, account!);
  });
}
