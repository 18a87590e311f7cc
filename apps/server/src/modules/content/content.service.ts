import { aliasedTable, and, asc, desc, eq, isNull, lt, or, gt, sql, count } from 'drizzle-orm';
import type {
  ActivityType,
  ContentDetail,
  ContentKind,
  ContentList,
  ContentSummary,
  HomeContent,
  Language,
} from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { contentItems, contentTranslations } from './content.table.ts';
import { seconds } from '../../platform/time/epoch.ts';

const mine = aliasedTable(contentTranslations, 'tr_lang');
const english = aliasedTable(contentTranslations, 'tr_en');

/** Published and due; activities also until they end. */
function visible(kind: ContentKind, now: number) {
  const at = new Date(now * 1000);
  // `now` is whole seconds: anything published within the current second counts as due.
  const due = new Date((now + 1) * 1000);
  const base = and(eq(contentItems.kind, kind), eq(contentItems.state, 'published'), lt(contentItems.publishAt, due));
  return kind === 'banner' || kind === 'activity'
    ? and(base, or(isNull(contentItems.endsAt), gt(contentItems.endsAt, at)))
    : base;
}

/** The reader's language row, else English (publishing requires an English row, so a card is never empty). */
function selectWithFallback(db: DbOrTx, lang: Language, withBody: boolean) {
  return db
    .select({
      item: contentItems,
      lang: sql<string>`coalesce(${mine.lang}, ${english.lang})`,
      title: sql<string>`coalesce(${mine.title}, ${english.title})`,
      summary: sql<string>`coalesce(${mine.summary}, ${english.summary})`,
      body: withBody ? sql<string>`coalesce(${mine.body}, ${english.body})` : sql<string>`''`,
    })
    .from(contentItems)
    .leftJoin(mine, and(eq(mine.itemId, contentItems.id), eq(mine.lang, lang)))
    .innerJoin(english, and(eq(english.itemId, contentItems.id), eq(english.lang, 'en')));
}

type Row = { item: typeof contentItems.$inferSelect; lang: string; title: string; summary: string; body: string };

function toSummary(r: Row): ContentSummary {
  const i = r.item;
  return {
    id: i.id,
    kind: i.kind as ContentKind,
    title: r.title,
    summary: r.summary,
    lang: r.lang,
    link: i.link,
    tone: i.tone,
    activity_type: (i.activityType as ActivityType | null) ?? null,
    published_at: seconds(i.publishAt)!,
    starts_at: seconds(i.startsAt),
    ends_at: seconds(i.endsAt),
    pinned: i.pinned,
  };
}

const feedOrder = (kind: ContentKind) =>
  kind === 'banner'
    ? [asc(contentItems.sort), desc(contentItems.publishAt), desc(contentItems.id)]
    : [desc(contentItems.pinned), desc(contentItems.publishAt), desc(contentItems.id)];

export async function listContent(
  db: DbOrTx,
  q: { kind: ContentKind; lang: Language; page: number; size: number; now: number; activityType?: ActivityType },
): Promise<ContentList> {
  const where = and(visible(q.kind, q.now), q.activityType ? eq(contentItems.activityType, q.activityType) : undefined);
  const [rows, [total]] = await Promise.all([
    selectWithFallback(db, q.lang, false)
      .where(where)
      .orderBy(...feedOrder(q.kind))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({ n: count() })
      .from(contentItems)
      .innerJoin(english, and(eq(english.itemId, contentItems.id), eq(english.lang, 'en')))
      .where(where),
  ]);
  return { items: rows.map(toSummary), total: total?.n ?? 0 };
}

export async function contentDetail(
  db: DbOrTx,
  q: { kind: ContentKind; id: number; lang: Language; now: number },
): Promise<ContentDetail> {
  const rows: Row[] = await selectWithFallback(db, q.lang, true)
    .where(and(eq(contentItems.id, q.id), visible(q.kind, q.now)))
    .limit(1);
  const row = rows[0];
  if (!row) throw new AppError('no_data');
  return { ...toSummary(row), body: row.body };
}

export async function homeContent(db: DbOrTx, lang: Language, now: number): Promise<HomeContent> {
  const page = (kind: ContentKind, size: number) => listContent(db, { kind, lang, page: 1, size, now });
  const [banners, notices, news, activities] = await Promise.all([
    page('banner', 5),
    page('notice', 5),
    page('news', 3),
    page('activity', 3),
  ]);
  return { banners: banners.items, notices: notices.items, news: news.items, activities: activities.items };
}
