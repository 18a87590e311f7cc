import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { contentItems, contentTranslations } from './content.table.ts';
import { plainText, sanitiseRichText } from './content-sanitise.ts';
import { CONTENT_SEED } from './content-seed-data.ts';
import { seedEngage } from './engage-settings.ts';
import { XACT_LOCKS } from '../../platform/db/advisory-locks.ts';

/**
 * Publishes the platform's starting content once (by slug): an item an operator has edited, withdrawn or
 * deleted translations of is never touched again. Runs under its own advisory lock so two starting nodes
 * do not race.
 */
export async function seedContent(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${XACT_LOCKS.contentSeed})`);
    for (const item of CONTENT_SEED) {
      const [row] = await tx
        .insert(contentItems)
        .values({
          kind: item.kind,
          slug: item.slug,
          state: 'published',
          link: item.link ?? null,
          tone: item.tone ?? 'brand',
          activityType: item.activityType ?? null,
          pinned: item.pinned ?? false,
          sort: item.sort ?? 0,
        })
        .onConflictDoNothing({ target: contentItems.slug })
        .returning({ id: contentItems.id });
      if (!row) continue;
      await tx.insert(contentTranslations).values(
        Object.entries(item.text).map(([lang, t]) => ({
          itemId: row.id,
          lang,
          title: plainText(t.title),
          summary: plainText(t.summary),
          body: sanitiseRichText(t.body),
        })),
      );
    }
    // No contact is invented, not even for the demo: a made-up address would reach nobody. Customer service shows
    // the operators' channels once they set them (pnpm ops / the console), and the in-app conversation until then.
    await seedEngage(tx, { checkin_reward: '100' });
  });
}
