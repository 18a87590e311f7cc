import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A column with its table's name. Drizzle leaves columns unqualified in a query of one table, so inside a
 * correlated subquery an outer "id" or "phone" would silently be the inner table's own.
 */
export const qualifiedColumn = (column: AnyColumn | SQL): SQL =>
  'table' in column ? sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}` : column;
