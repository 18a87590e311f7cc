import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A user's price alert. The alerts job reads the recorded ticks after `checked_until`; the first tick
 * that meets the condition fires it, and that tick (second and price) is kept on the row, which is
 * also the durable record of the fired alert.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    productId: integer('product_id').notNull(),
    kind: text('kind').notNull(),
    direction: text('direction'),
    level: bigint('level', { mode: 'bigint' }),
    moveBp: integer('move_bp'),
    minutes: integer('minutes'),
    /** The recorded tick current when the alert was set: only later ticks can fire it. */
    baseTs: bigint('base_ts', { mode: 'number' }).notNull(),
    basePrice: bigint('base_price', { mode: 'bigint' }).notNull(),
    checkedUntil: bigint('checked_until', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('active'),
    firedTs: bigint('fired_ts', { mode: 'number' }),
    firedPrice: bigint('fired_price', { mode: 'bigint' }),
    firedAt: timestamp('fired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_alerts_user_idx').on(t.userId, t.id),
    index('price_alerts_active_idx')
      .on(t.id)
      .where(sql`${t.status} = 'active'`),
    check('price_alerts_kind', sql`${t.kind} in ('cross','move')`),
    check('price_alerts_status', sql`${t.status} in ('active','fired','cancelled')`),
    check(
      'price_alerts_shape',
      sql`(${t.kind} = 'cross' and ${t.level} > 0 and ${t.direction} in ('above','below'))
        or (${t.kind} = 'move' and ${t.moveBp} > 0 and ${t.minutes} between 1 and 240)`,
    ),
    check(
      'price_alerts_fired',
      sql`(${t.status} = 'fired') = (${t.firedTs} is not null and ${t.firedPrice} is not null)`,
    ),
  ],
);
