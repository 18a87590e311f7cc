import { toCsv } from '@app/csv';
import {
  COIN_SCALE,
  COUNT_CAP,
  formatMoney,
  USD_SCALE,
  type Statement,
  type StatementItem,
  type StatementType,
} from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { countUserEntries, userEntries, type KindSet, type UserEntry, type UserEntryQuery } from '../ledger/index.ts';
import { localDateTime } from './platform-time.ts';
import { nextCursor, offsetOf, type PageInput } from '../../platform/db/keyset.ts';
import { cappedTotal } from '../../platform/db/capped-count.ts';

/** The statement's types of journals, by kind, in the order they are told apart; anything else is `other`. */
const TYPES: [Exclude<StatementType, 'other'>, KindSet][] = [
  ['deposit', { exact: ['deposit_credit', 'deposit_reversal'], prefixes: [] }],
  ['bonus', { exact: ['deposit_bonus', 'system_gift'], prefixes: ['bonus'] }],
  ['withdrawal', { exact: [], prefixes: ['withdrawal'] }],
  ['exchange', { exact: [], prefixes: ['exchange'] }],
  ['order', { exact: [], prefixes: ['order'] }],
  ['plan', { exact: [], prefixes: ['plan', 'yeb', 'yuebao', 'invest'] }],
];
const ALL_TYPED: KindSet = {
  exact: TYPES.flatMap(([, set]) => set.exact),
  prefixes: TYPES.flatMap(([, set]) => set.prefixes),
};
const inSet = (kind: string, set: KindSet) =>
  set.exact.includes(kind) || set.prefixes.some((prefix) => kind.startsWith(prefix));
const typeOf = (kind: string): StatementType => TYPES.find(([, set]) => inSet(kind, set))?.[0] ?? 'other';

type Filter = { type?: StatementType | undefined; from?: number | undefined; to?: number | undefined };

function query(userId: number, f: Filter): UserEntryQuery {
  const typed = f.type && f.type !== 'other' ? TYPES.find(([type]) => type === f.type)![1] : undefined;
  return {
    userId,
    // Practice (virtual) money is not the user's money: it has no place in the wallet statement.
    excludeAsset: 'PUSD',
    kinds: f.type === 'other' ? { exclude: ALL_TYPED } : typed ? { include: typed } : undefined,
    from: f.from,
    to: f.to,
  };
}

const REF = /^(order|deposit|withdrawal|exchange|plan|yeb|invest)[:_-](\d+)/;

function toItem(r: UserEntry): StatementItem {
  const scale = r.asset === 'USD' ? USD_SCALE : COIN_SCALE;
  const ref = REF.exec(r.reference);
  return {
    id: r.id,
    type: typeOf(r.kind),
    kind: r.kind,
    asset: r.asset,
    bucket: r.account.split(':')[3] ?? '',
    amount: formatMoney(r.amount, scale),
    balance_after: formatMoney(r.balanceAfter, scale),
    created_at: r.at,
    ref_type: ref
      ? ref[1] === 'yeb' || ref[1] === 'invest'
        ? 'plan'
        : ref[1]!
      : (r.reference.split(':')[0] ?? 'other'),
    ref_id: ref ? Number(ref[2]) : null,
    reference: r.reference,
  };
}

/** Every ledger entry on the user's accounts (cash buckets and coins), newest first. */
export async function statement(db: DbOrTx, userId: number, q: Filter & PageInput): Promise<Statement> {
  const page = { limit: q.size, offset: offsetOf(q), before: q.cursor ? Number(q.cursor) : undefined };
  const [entries, counted] = await Promise.all([
    userEntries(db, query(userId, q), page),
    countUserEntries(db, query(userId, q), COUNT_CAP + 1),
  ]);
  return { items: entries.map(toItem), ...cappedTotal(counted), page: q.page, next: nextCursor(entries, q.size) };
}

export const CSV_MAX_ROWS = 10_000;

export async function statementCsv(db: DbOrTx, userId: number, f: Filter, tz: string): Promise<string> {
  const items = (await userEntries(db, query(userId, f), { limit: CSV_MAX_ROWS, offset: 0 })).map(toItem);
  const header = ['time', 'time_zone', 'type', 'kind', 'asset', 'bucket', 'amount', 'balance_after', 'reference'];
  return toCsv(
    header,
    items.map((i) => [
      localDateTime(i.created_at, tz),
      tz,
      i.type,
      i.kind,
      i.asset,
      i.bucket,
      i.amount,
      i.balance_after,
      i.reference,
    ]),
  );
}
