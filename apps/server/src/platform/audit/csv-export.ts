import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { toCsv, type CsvCell } from '@app/csv';
import type { Permission } from '@app/contracts';
import { fileAnswers } from '../http/answers.ts';
import { audit } from './audit.service.ts';

/** An export is one file of at most this many rows (the newest first); narrower filters give the rest. */
export const EXPORT_MAX_ROWS = 10_000;

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type PlainCell = string | number | bigint | null | undefined;
/** A field copied as it is (named as in the row), or a named column worked out from the row. */
type Column<Row> =
  | { [K in keyof Row]: Row[K] extends PlainCell ? K & string : never }[keyof Row]
  | readonly [name: string, cell: (row: Row) => CsvCell];

/** A time as the files give it: ISO 8601 in UTC (epoch seconds from the services, a Date from the audit log). */
export const utc = (at: number | Date | null) =>
  at === null ? null : (typeof at === 'number' ? new Date(at * 1000) : at).toISOString();
export const yesNo = (flag: boolean) => (flag ? 'yes' : 'no');

/**
 * `GET url`: an operator's export of a console list, as a CSV file (the platform's one writer, `@app/csv`: BOM,
 * CRLF, formula guard), of the rows the list's own search finds for the same filters. Taking personal and
 * financial data out of the console is an operator act: it is audited (`export.<list>`, with the filters and the
 * number of rows) before the file leaves.
 */
export function exportRoute<Q extends z.ZodType<{ reason: string }>, Row>(
  app: ZodApp,
  spec: {
    url: string;
    access: Permission;
    querystring: Q;
    /** What the file is, for the API document. */
    description: string;
    list: string;
    read: (query: z.output<Q>, limit: number) => Promise<readonly Row[]>;
    columns: readonly Column<Row>[];
  },
) {
  const header = spec.columns.map((c) => (typeof c === 'string' ? c : c[0]));
  const cell = (row: Row, c: Column<Row>): CsvCell =>
    typeof c === 'string' ? (row[c as keyof Row] as PlainCell) : c[1](row);
  app.get(
    spec.url,
    {
      config: { access: spec.access },
      schema: {
        summary: `Export ${spec.description[0]!.toLowerCase()}${spec.description.slice(1)}`,
        querystring: spec.querystring,
        response: fileAnswers(spec.description, 'text/csv'),
      },
    },
    async (request, reply) => {
      const query = request.query as z.output<Q>;
      const rows = await spec.read(query, EXPORT_MAX_ROWS);
      const filters = Object.fromEntries(
        Object.entries(query as Record<string, unknown>).filter(([key, v]) => v !== undefined && key !== 'reason'),
      );
      await audit(app.db, {
        operator: request.operator,
        action: `export.${spec.list}`,
        target: `export:${spec.list}`,
        reason: query.reason,
        details: { filters, rows: rows.length },
        ip: request.ip,
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${spec.list}-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(
          toCsv(
            header,
            rows.map((row) => spec.columns.map((c) => cell(row, c))),
          ),
        );
    },
  );
}
