import { fromHex } from './bytes.ts';
import {
  checkReference,
  checkSettlement,
  decimalUnits,
  parseEntry,
  payoutOf,
  type Entry,
  type OrderPlaced,
  type OrderSettled,
  type OrderVoided,
  type PriceSecond,
  type ReferencePrice,
  type Problem,
} from './entries.ts';
import { headSigned, keyIdOf, leafHash, verifyInclusion, type PublishedKey, type SignedHead } from './rfc6962.ts';

// "Verify this order" in the browser: the order as the app shows it, checked against the log's entries, and each
// entry checked under the latest signed head with the RFC's arithmetic. Nothing the server says is taken on trust
// except what the signature covers.

export type ProofRole = 'placed' | 'settled' | 'open_price' | 'settle_price' | 'open_reference' | 'settle_reference';

/** The order as the app shows it (get_this_order): what the log must agree with. */
export type ShownOrder = {
  id: number;
  symbol: string;
  direction: 'up' | 'down';
  amount: string;
  fee: string;
  seconds: number;
  payout_pct: string;
  loss_pct: string;
  open_price: string;
  open_time: number;
  settle_price: string | null;
  status: 'open' | 'settled';
  result: 'win' | 'loss' | 'draw' | 'void' | null;
  payout: string | null;
};

export type ProofInput = {
  order: ShownOrder;
  entries: Array<{ role: ProofRole; index: number | null; data: string }>;
  journals: Array<{ id: number; reference: string; lines: Array<{ amount: string }> }>;
  head: SignedHead;
  key: PublishedKey;
  /** Fetches the inclusion proof of leaf `index` in the tree of `size` (GET /api/log/proof). */
  inclusion: (index: number, size: number) => Promise<{ audit_path: string[] }>;
};

export type EntryCheck = {
  role: ProofRole;
  index: number | null;
  entry: Entry | null;
  /** The entry's exact bytes, as hashed. */
  data: string;
  /** included: under the head, proof verified; queued: not under a signed head yet; failed: see problems. */
  state: 'included' | 'queued' | 'failed';
  auditPath: string[];
};

export type OrderVerification = {
  status: 'verified' | 'pending' | 'failed';
  entries: EntryCheck[];
  problems: Problem[];
  /** The payout arithmetic from the logged terms (null until the placement entry is read). */
  arithmetic: (ReturnType<typeof payoutOf> & { result: 'win' | 'loss' | 'draw' | 'void' | null }) | null;
};

const sameDecimal = (a: string, b: string) => {
  const scale = Math.max((a.split('.')[1] ?? '').length, (b.split('.')[1] ?? '').length);
  return decimalUnits(a, scale) === decimalUnits(b, scale);
};

export async function verifyOrderProof(input: ProofInput): Promise<OrderVerification> {
  const { order, head, key } = input;
  const problems: Problem[] = [];
  const add = (check: string, detail: string) => problems.push({ check, detail });

  if ((await keyIdOf(key)) !== key.key_id || head.key_id !== key.key_id)
    add('key', `the head names key ${head.key_id.slice(0, 12)}…, not the published key's digest`);
  else if (!(await headSigned(head, key)))
    add('signature', `the signature of the head of ${head.tree_size} entries does not verify`);
  const root = fromHex(head.root_hash);

  const entries: EntryCheck[] = [];
  for (const e of input.entries) {
    const parsed = parseEntry(e.data);
    const check: EntryCheck = {
      role: e.role,
      index: e.index,
      entry: 'entry' in parsed ? parsed.entry : null,
      data: e.data,
      state: 'queued',
      auditPath: [],
    };
    entries.push(check);
    if ('problem' in parsed) {
      check.state = 'failed';
      add('entry', `${e.role}: ${parsed.problem}`);
      continue;
    }
    if (e.index === null || e.index >= head.tree_size) continue;
    const proof = await input.inclusion(e.index, head.tree_size);
    check.auditPath = proof.audit_path;
    const ok = await verifyInclusion(
      e.index,
      head.tree_size,
      await leafHash(e.data),
      proof.audit_path.map(fromHex),
      root,
    );
    check.state = ok ? 'included' : 'failed';
    if (!ok) add('inclusion', `${e.role}: entry ${e.index} is not in the tree of ${head.tree_size} entries`);
  }

  const of = <T extends Entry>(role: ProofRole) => (entries.find((c) => c.role === role)?.entry ?? null) as T | null;
  const placed = of<OrderPlaced>('placed');
  const outcome = of<OrderSettled | OrderVoided>('settled');
  const settled = outcome?.type === 'order_settled' ? outcome : null;
  const voided = outcome?.type === 'order_voided' ? outcome : null;
  const openPrice = of<PriceSecond>('open_price');
  const settlePrice = of<PriceSecond>('settle_price');
  const openReference = of<ReferencePrice>('open_reference');
  const settleReference = of<ReferencePrice>('settle_reference');

  let arithmetic: OrderVerification['arithmetic'] = null;
  if (placed) {
    // The order shown must be the order logged.
    const shown: Array<[string, boolean]> = [
      ['order', placed.order_id === order.id],
      ['product', placed.product === order.symbol],
      ['direction', placed.direction === order.direction],
      ['stake', sameDecimal(placed.stake, order.amount)],
      ['fee', sameDecimal(placed.fee, order.fee)],
      ['period', placed.terms.seconds === order.seconds],
      ['payout_pct', sameDecimal(placed.terms.payout_pct, order.payout_pct)],
      ['loss_pct', sameDecimal(placed.terms.loss_pct, order.loss_pct)],
      ['open_second', placed.open_second === order.open_time],
      ['open_price', sameDecimal(placed.open_price, order.open_price)],
    ];
    if (settled)
      shown.push(
        ['settle_price', order.settle_price !== null && sameDecimal(settled.settle_price, order.settle_price)],
        ['result', settled.result === order.result],
        ['payout', order.payout !== null && sameDecimal(settled.payout, order.payout)],
      );
    if (voided)
      shown.push(
        ['settle_price', order.settle_price !== null && sameDecimal(voided.settle_price, order.settle_price)],
        ['result', order.result === 'void'],
        ['payout', order.payout !== null && sameDecimal(voided.refund, order.payout)],
      );
    for (const [field, ok] of shown) if (!ok) add('shown', `${field}: the order shown differs from its log entry`);
    for (const p of checkSettlement(placed, settled, openPrice, settlePrice)) problems.push(p);
    if (outcome) for (const p of checkReference(placed, outcome, openReference, settleReference)) problems.push(p);
    const result = settled?.result ?? (voided ? 'void' : null);
    arithmetic = { ...payoutOf(placed, settled?.result ?? 'draw'), result };
    if (voided) arithmetic.payout = voided.refund;
  }
  if (outcome) {
    const journal = input.journals.find((j) => j.reference === `order:${order.id}:settle`);
    if (!journal || journal.id !== outcome.journal_id)
      add('journal', `the settlement names journal ${outcome.journal_id}, the ledger shows ${journal?.id ?? 'none'}`);
  }
  for (const j of input.journals) {
    const sum = j.lines.reduce((s, l) => s + decimalUnits(l.amount, 2), 0n);
    if (sum !== 0n) add('journal', `journal ${j.id} does not balance`);
  }

  const needed: ProofRole[] =
    order.status === 'settled' ? ['placed', 'open_price', 'settled', 'settle_price'] : ['placed', 'open_price'];
  if (order.status === 'settled' && placed?.reference) needed.push('open_reference', 'settle_reference');
  const pending = needed.some((role) => (entries.find((c) => c.role === role)?.state ?? 'queued') === 'queued');
  return {
    status: problems.length ? 'failed' : pending ? 'pending' : 'verified',
    entries,
    problems,
    arithmetic,
  };
}
