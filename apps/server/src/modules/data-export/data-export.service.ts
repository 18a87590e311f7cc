import { strToU8, zipSync } from 'fflate';
import { formatMoney } from '@app/contracts';
import { toCsv, type CsvCell } from '@app/csv';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { EXPORT_SECTIONS, type ExportSection } from './export-sections.ts';

type Row = Record<string, unknown>;

/**
 * Everything the platform holds about one user (EXPORT_SECTIONS), read in one repeatable-read snapshot so the
 * files agree with each other, as one ZIP: `data.json` with every section, and a CSV file per section for a
 * spreadsheet. Money in U with two decimals (USD rows; coin and practice amounts stay in their own units), times in
 * ISO 8601 UTC.
 */
export async function exportUserData(db: Db, userId: number, now: Date): Promise<{ zip: Uint8Array; name: string }> {
  const sections = await db.transaction(
    async (tx) => {
      const read: Array<[ExportSection, Row[]]> = [];
      for (const section of EXPORT_SECTIONS) {
        const result = await tx.execute<Row>(section.query(userId));
        // Times are known by their column's type, never by what a value looks like (a note may read like a date).
        const times = new Set(result.fields.filter((f) => f.dataTypeID === TIMESTAMPTZ).map((f) => f.name));
        read.push([section, result.rows.map((r) => shown(r, section, times))]);
      }
      return read;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const profile = sections.find(([s]) => s.name === 'profile')![1][0];
  if (!profile) throw new AppError('user_not_found');
  const files: Record<string, Uint8Array> = {
    'data.json': strToU8(
      JSON.stringify(
        {
          exported_at: now.toISOString(),
          user_id: userId,
          notes: 'Amounts in U (USD) with two decimals unless the row names another asset; times in UTC.',
          ...Object.fromEntries(sections.map(([s, rows]) => [s.name, rows])),
        },
        null,
        2,
      ),
    ),
  };
  for (const [section, rows] of sections) {
    const header = rows[0] ? Object.keys(rows[0]) : [];
    files[`${section.name}.csv`] = strToU8(
      toCsv(
        header,
        rows.map((r) => header.map((h) => cell(r[h]))),
      ),
    );
  }
  const date = now.toISOString().slice(0, 10);
  return { zip: zipSync(files, { level: 6, mtime: now }), name: `my-data-${String(profile.account)}-${date}.zip` };
}

/** A row as the files give it: money in U, times as ISO strings, big integers as numbers, the rest as read. */
function shown(row: Row, section: ExportSection, times: ReadonlySet<string>): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    const money = section.money?.includes(key) && (row.asset === undefined || row.asset === 'USD');
    out[key] =
      value === null || value === undefined
        ? value
        : times.has(key)
          ? new Date(value as string | Date).toISOString()
          : money
            ? formatMoney(BigInt(value as string | number | bigint))
            : typeof value === 'bigint'
              ? // Ids and counts read as numbers; a value past 2^53 (none today) stays exact as a string.
                Number.isSafeInteger(Number(value))
                ? Number(value)
                : value.toString()
              : value;
  }
  return out;
}

/** PostgreSQL's type id of timestamptz, which a raw query returns as text ("2026-11-29 12:25:23.15+00"). */
const TIMESTAMPTZ = 1184;

const cell = (value: unknown): CsvCell =>
  value === null || value === undefined
    ? null
    : typeof value === 'object'
      ? JSON.stringify(value)
      : (value as string | number | boolean);
