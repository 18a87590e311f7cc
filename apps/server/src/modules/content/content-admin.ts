import { z } from 'zod';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { LANGUAGES, activityTypeSchema, contentKindSchema, reasonSchema } from '@app/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { contentItems, contentTranslations } from './content.table.ts';
import { plainText, sanitiseRichText } from './content-sanitise.ts';
import { seconds } from '../../platform/time/epoch.ts';

const time = z.coerce.number().int().min(0).max(4_102_444_800);
const translation = z.object({
  title: z.string().trim().min(1).max(120),
  summary: z.string().trim().max(400).default(''),
  body: z.string().max(60_000).default(''),
});
const translations = z.partialRecord(z.enum(LANGUAGES), translation);
const link = z
  .string()
  .regex(/^#\/pages\/[A-Za-z0-9/_?=&.-]*$/)
  .nullable();
const TONES = ['brand', 'up', 'gold', 'info', 'violet'] as const;

const editable = {
  link: link,
  tone: z.enum(TONES),
  activity_type: activityTypeSchema.nullable(),
  starts_at: time.nullable(),
  ends_at: time.nullable(),
  pinned: z.boolean(),
  sort: z.coerce.number().int().min(0).max(1000),
  publish_at: time,
  translations,
};

export const contentCreateSchema = z.object({
  reason: reasonSchema,
  kind: contentKindSchema,
  slug: z.string().regex(/^[a-z0-9-]{2,60}$/),
  link: link.default(null),
  tone: editable.tone.default('brand'),
  activity_type: editable.activity_type.default(null),
  starts_at: editable.starts_at.default(null),
  ends_at: editable.ends_at.default(null),
  pinned: editable.pinned.default(false),
  sort: editable.sort.default(0),
  publish_at: time.optional(),
  /** Publish at once (or at publish_at); otherwise it stays a draft. */
  publish: z.boolean().default(false),
  translations: translations.refine((t) => t.en !== undefined, { message: 'an English text is required' }),
});
export const contentEditSchema = z.object({ reason: reasonSchema }).extend(z.object(editable).partial().shape);
export const contentPublishSchema = z.object({ reason: reasonSchema, at: time.optional() });
export const contentListQuery = z.object({ kind: contentKindSchema.optional() });

type Item = typeof contentItems.$inferSelect;
type Translations = z.infer<typeof translations>;

const date = (s: number | null | undefined) => (s === null || s === undefined ? null : new Date(s * 1000));

/** The operator's view of one item: every language it has, bodies as stored (sanitised). */
export async function adminView(db: DbOrTx, item: Item) {
  const rows = await db.select().from(contentTranslations).where(eq(contentTranslations.itemId, item.id));
  return {
    id: item.id,
    kind: item.kind,
    slug: item.slug,
    state: item.state,
    publish_at: seconds(item.publishAt),
    link: item.link,
    tone: item.tone,
    activity_type: item.activityType,
    starts_at: seconds(item.startsAt),
    ends_at: seconds(item.endsAt),
    pinned: item.pinned,
    sort: item.sort,
    languages: rows.map((r) => r.lang).sort(),
    translations: Object.fromEntries(rows.map((r) => [r.lang, { title: r.title, summary: r.summary, body: r.body }])),
  };
}

function checkShape(kind: string, v: { activityType: string | null; startsAt: Date | null; endsAt: Date | null }) {
  if ((kind === 'activity') !== (v.activityType !== null))
    throw new AppError('invalid_request', { field: 'activity_type' });
  if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) throw new AppError('invalid_request', { field: 'ends_at' });
}

/** Saves each given language, sanitising the body and reducing title and summary to plain text. */
async function saveTranslations(tx: Tx, itemId: number, given: Translations) {
  for (const [lang, t] of Object.entries(given)) {
    if (!t) continue;
    const row = {
      itemId,
      lang,
      title: plainText(t.title).slice(0, 120),
      summary: plainText(t.summary),
      body: sanitiseRichText(t.body),
    };
    if (!row.title) throw new AppError('invalid_request', { field: `translations.${lang}.title` });
    await tx
      .insert(contentTranslations)
      .values(row)
      .onConflictDoUpdate({
        target: [contentTranslations.itemId, contentTranslations.lang],
        set: { title: row.title, summary: row.summary, body: row.body, updatedAt: sql`now()` },
      });
  }
}

type Actor = { operator: string; ip?: string };

export async function createContent(db: Db, body: z.infer<typeof contentCreateSchema>, actor: Actor, now: number) {
  return db.transaction(async (tx) => {
    const values = {
      kind: body.kind,
      slug: body.slug,
      state: body.publish ? 'published' : 'draft',
      publishAt: date(body.publish_at ?? now)!,
      link: body.link,
      tone: body.tone,
      activityType: body.activity_type,
      startsAt: date(body.starts_at),
      endsAt: date(body.ends_at),
      pinned: body.pinned,
      sort: body.sort,
    };
    checkShape(body.kind, values);
    const [item] = await tx
      .insert(contentItems)
      .values(values)
      .onConflictDoNothing({ target: contentItems.slug })
      .returning();
    if (!item) throw new AppError('invalid_request', { field: 'slug' });
    await saveTranslations(tx, item.id, body.translations);
    const view = await adminView(tx, item);
    await audit(tx, {
      operator: actor.operator,
      action: 'content.create',
      target: `content:${item.id}`,
      reason: body.reason,
      details: { kind: item.kind, slug: item.slug, state: item.state, languages: view.languages },
      ...(actor.ip ? { ip: actor.ip } : {}),
    });
    return view;
  });
}

async function lockItem(tx: Tx, id: number) {
  const [item] = await tx.select().from(contentItems).where(eq(contentItems.id, id)).for('update');
  if (!item) throw new AppError('no_data');
  return item;
}

export async function editContent(db: Db, id: number, body: z.infer<typeof contentEditSchema>, actor: Actor) {
  return db.transaction(async (tx) => {
    const before = await lockItem(tx, id);
    const beforeView = await adminView(tx, before);
    const set: Partial<typeof contentItems.$inferInsert> = {};
    if (body.link !== undefined) set.link = body.link;
    if (body.tone !== undefined) set.tone = body.tone;
    if (body.activity_type !== undefined) set.activityType = body.activity_type;
    if (body.starts_at !== undefined) set.startsAt = date(body.starts_at);
    if (body.ends_at !== undefined) set.endsAt = date(body.ends_at);
    if (body.pinned !== undefined) set.pinned = body.pinned;
    if (body.sort !== undefined) set.sort = body.sort;
    if (body.publish_at !== undefined) set.publishAt = date(body.publish_at)!;
    checkShape(before.kind, {
      activityType: set.activityType !== undefined ? set.activityType : before.activityType,
      startsAt: set.startsAt !== undefined ? set.startsAt : before.startsAt,
      endsAt: set.endsAt !== undefined ? set.endsAt : before.endsAt,
    });
    const [item] = await tx
      .update(contentItems)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(contentItems.id, id))
      .returning();
    if (body.translations) await saveTranslations(tx, id, body.translations);
    const view = await adminView(tx, item!);
    await audit(tx, {
      operator: actor.operator,
      action: 'content.edit',
      target: `content:${id}`,
      reason: body.reason,
      details: { before: beforeView, after: view },
      ...(actor.ip ? { ip: actor.ip } : {}),
    });
    return view;
  });
}

/** publish (now or at a time: scheduled) and withdraw. */
export async function setContentState(
  db: Db,
  id: number,
  action: 'publish' | 'withdraw',
  body: { reason: string; at?: number | undefined },
  actor: Actor,
  now: number,
) {
  return db.transaction(async (tx) => {
    const before = await lockItem(tx, id);
    const set =
      action === 'publish' ? { state: 'published', publishAt: date(body.at ?? now)! } : { state: 'withdrawn' };
    const [item] = await tx
      .update(contentItems)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(contentItems.id, id))
      .returning();
    await audit(tx, {
      operator: actor.operator,
      action: `content.${action}`,
      target: `content:${id}`,
      reason: body.reason,
      details: { before: before.state, after: item!.state, publish_at: seconds(item!.publishAt) },
      ...(actor.ip ? { ip: actor.ip } : {}),
    });
    return adminView(tx, item!);
  });
}

export async function listAllContent(db: DbOrTx, kind?: string) {
  const rows = await db
    .select()
    .from(contentItems)
    .where(kind ? eq(contentItems.kind, kind) : undefined)
    .orderBy(asc(contentItems.kind), desc(contentItems.publishAt), desc(contentItems.id));
  return Promise.all(rows.map((r) => adminView(db, r)));
}
