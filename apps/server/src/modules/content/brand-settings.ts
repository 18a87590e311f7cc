import { eq, sql } from 'drizzle-orm';
import type { BrandSettings } from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { engageSettings } from './content.table.ts';

/** The brand is one row of the public settings' table ('brand'); absent until an operator names the platform. */
const BRAND = 'brand';

export async function loadBrand(db: DbOrTx): Promise<BrandSettings> {
  const [row] = await db.select().from(engageSettings).where(eq(engageSettings.name, BRAND));
  const name = (row?.value as { name?: unknown } | undefined)?.name;
  return { brand_name: typeof name === 'string' && name ? name : null };
}

/** An operator's change of the brand name ("" restores the built-in one), audited with before and after. */
export async function changeBrand(
  db: Db,
  brandName: string,
  actor: { operator: string; reason: string; ip: string },
): Promise<BrandSettings> {
  return db.transaction(async (tx) => {
    const before = await loadBrand(tx);
    const value = { name: brandName.trim() || null };
    await tx
      .insert(engageSettings)
      .values({ name: BRAND, value })
      .onConflictDoUpdate({ target: engageSettings.name, set: { value, updatedAt: sql`now()` } });
    const after = await loadBrand(tx);
    await audit(tx, {
      operator: actor.operator,
      action: 'brand.settings',
      target: 'brand-settings',
      reason: actor.reason,
      details: { before, after },
      ip: actor.ip,
    });
    return after;
  });
}
