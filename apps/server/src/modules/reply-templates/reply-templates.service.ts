import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  isLanguage,
  templateTextFor,
  type Language,
  type ReplyTemplate,
  type ReplyTemplateTexts,
  type ReplyTemplateUse,
} from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OperatorAct } from '../../platform/http/operator-act.ts';
import type { UserWording } from '../../platform/messaging/user-wording.ts';
import { seconds } from '../../platform/time/epoch.ts';
import { findUser } from '../users/index.ts';
import { replyTemplates } from './reply-templates.table.ts';
import { uniqueViolation } from '../../platform/db/unique-violation.ts';

type Row = typeof replyTemplates.$inferSelect;
type TemplateBody = { name: string; uses: ReplyTemplateUse[]; texts: ReplyTemplateTexts; reason: string };

const view = (r: Row): ReplyTemplate => ({
  id: r.id,
  name: r.name,
  uses: r.uses as ReplyTemplateUse[],
  texts: r.texts,
  created_by: r.createdBy,
  created_at: seconds(r.createdAt),
  updated_by: r.updatedBy,
  updated_at: seconds(r.updatedAt),
});

/** What the audit log keeps of a template: all of it, so a change's before and after can be read later. */
const kept = (r: Row) => ({ name: r.name, uses: r.uses, texts: r.texts });

const live = (id: number) => and(eq(replyTemplates.id, id), isNull(replyTemplates.removedAt));

/** The templates in force, by name (case aside); with `use`, those offered for that act. */
export async function listTemplates(db: DbOrTx, use?: ReplyTemplateUse): Promise<ReplyTemplate[]> {
  const rows = await db
    .select()
    .from(replyTemplates)
    .where(and(isNull(replyTemplates.removedAt), use ? sql`${use} = ANY(${replyTemplates.uses})` : undefined))
    .orderBy(asc(sql`lower(${replyTemplates.name})`), asc(replyTemplates.id));
  return rows.map(view);
}

/** A name in force already (unique index `reply_templates_name_key`): said as such, not as a database error. */
async function named<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === 'reply_templates_name_key')
      throw new AppError('template_name_taken', { field: 'name' });
    throw error;
  }
}

export async function createTemplate(db: Db, act: OperatorAct<TemplateBody, unknown>): Promise<ReplyTemplate> {
  const { name, uses, texts, reason } = act.body;
  return named(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(replyTemplates)
        .values({ name, uses, texts, createdBy: act.operator, updatedBy: act.operator })
        .returning();
      await audit(tx, {
        operator: act.operator,
        action: 'reply_template.create',
        target: `reply_template:${row!.id}`,
        reason,
        details: { after: kept(row!) },
        ip: act.ip,
      });
      return view(row!);
    }),
  );
}

/** Replaces a template's name, uses and texts; the audit row keeps it before and after. */
export async function changeTemplate(db: Db, act: OperatorAct<TemplateBody, { id: number }>): Promise<ReplyTemplate> {
  const { name, uses, texts, reason } = act.body;
  return named(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(replyTemplates).where(live(act.params.id)).for('update');
      if (!before) throw new AppError('template_not_found');
      const [row] = await tx
        .update(replyTemplates)
        .set({ name, uses, texts, updatedBy: act.operator, updatedAt: sql`now()` })
        .where(eq(replyTemplates.id, before.id))
        .returning();
      await audit(tx, {
        operator: act.operator,
        action: 'reply_template.change',
        target: `reply_template:${before.id}`,
        reason,
        details: { before: kept(before), after: kept(row!) },
        ip: act.ip,
      });
      return view(row!);
    }),
  );
}

/** Takes a template out of use; its row stays (removed_at) for the audit rows that name it. */
export async function removeTemplate(db: Db, act: OperatorAct<{ reason: string }, { id: number }>): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(replyTemplates)
      .set({ removedBy: act.operator, removedAt: sql`now()` })
      .where(live(act.params.id))
      .returning();
    if (!row) throw new AppError('template_not_found');
    await audit(tx, {
      operator: act.operator,
      action: 'reply_template.remove',
      target: `reply_template:${row.id}`,
      reason: act.body.reason,
      details: { before: kept(row) },
      ip: act.ip,
    });
  });
}

/**
 * The wording an operator picked for an act, checked before the act starts (a template removed meanwhile, or one
 * not offered for this act, is refused and nothing happens): it then renders for each user in their language, the
 * app's language at their last sign-in or launch (`users.lang`, as customer service's messages and pushes read it),
 * English where the template has no text for it or the writer is no user (a logged-out support conversation).
 */
export async function wordingFor(db: DbOrTx, id: number, use: ReplyTemplateUse): Promise<UserWording> {
  const [row] = await db.select().from(replyTemplates).where(live(id));
  if (!row) throw new AppError('template_not_found', { field: 'template_id' });
  if (!row.uses.includes(use)) throw new AppError('template_not_for_act', { field: 'template_id' });
  return {
    template: { id: row.id, name: row.name },
    textFor: async (tx, userId) => {
      const user = userId === null ? null : await findUser(tx, userId);
      const lang: Language = user && isLanguage(user.lang) ? user.lang : 'en';
      return templateTextFor(row.texts, lang);
    },
  };
}

/** The wording of an act whose template is optional: none when the operator chose none (they read the reason). */
export const wordingIfChosen = (
  db: DbOrTx,
  id: number | undefined,
  use: ReplyTemplateUse,
): Promise<UserWording | undefined> => (id === undefined ? Promise.resolve(undefined) : wordingFor(db, id, use));
