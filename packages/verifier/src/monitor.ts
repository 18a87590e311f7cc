import { fromHex } from './bytes.ts';
import {
  rootLogged,
  verifyLiabilitiesProof,
  type LiabilitiesProofShown,
  type LiabilitiesRootEntry,
} from './liabilities.ts';
import {
  checkReference,
  checkSettlement,
  parseEntry,
  type Entry,
  type OrderPlaced,
  type OrderSettled,
  type OrderVoided,
  type PriceSecond,
  type ReferencePrice,
} from './entries.ts';
import {
  headSigned,
  keyIdOf,
  leafHash,
  treeHash,
  verifyConsistency,
  type PublishedKey,
  type SignedHead,
} from './rfc6962.ts';

// The outside verifier: what a monitor of the log does each time it runs. It reads the public endpoints only (and,
// with a user's token, that user's order list), keeps the heads it has seen in a local state, and reports a break
// as one clear line.

export type MonitorState = { url: string; heads: SignedHead[] };

export type MonitorOptions = {
  url: string;
  state: MonitorState | null;
  /** A user's session token: each of their real orders must be in the log. */
  token?: string | undefined;
  /** Entry indexes whose settlements are re-derived (both included; default every entry). */
  start?: number | undefined;
  end?: number | undefined;
  /** A line of progress: "ok ..." or "BREAK ...". */
  say: (line: string) => void;
  fetch?: typeof fetch;
};

export type MonitorResult = { ok: boolean; state: MonitorState; entries: number; settlements: number; orders: number };

class Break extends Error {}

/** Heads the state keeps: enough to show a history, not a file that grows for ever. */
const KEPT_HEADS = 100;

export async function monitor(options: MonitorOptions): Promise<MonitorResult> {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const get = async <T>(path: string, token?: string): Promise<T> => {
    const res = await doFetch(`${base}${path}`, { headers: token ? { token } : {} });
    const body = (await res.json().catch(() => null)) as { code?: number; key?: string; data?: T } | null;
    if (!body || body.code !== 200) throw new Break(`GET ${path} answered ${body?.key ?? res.status}`);
    return body.data as T;
  };
  const ok = (line: string) => options.say(`ok    ${line}`);
  const state: MonitorState = options.state && options.state.url === base ? options.state : { url: base, heads: [] };
  const result: MonitorResult = { ok: false, state, entries: 0, settlements: 0, orders: 0 };

  try {
    // 1. The head, signed by a key whose id is its digest.
    const head = await get<SignedHead>('/api/log/sth');
    const key = await get<PublishedKey>(`/api/log/key?key_id=${head.key_id}`);
    if ((await keyIdOf(key)) !== head.key_id) throw new Break(`the key ${head.key_id} is not the digest of its bytes`);
    if (!(await headSigned(head, key)))
      throw new Break(
        `the head of ${head.tree_size} entries at ${head.timestamp} has a signature that does not verify`,
      );
    ok(
      `head of ${head.tree_size} entries, ${new Date(head.timestamp).toISOString()}, signed by ${head.key_id.slice(0, 16)}…`,
    );

    // 2. Consistent with every head seen before: the last one by a proof, older ones are its ancestors already.
    const last = state.heads[state.heads.length - 1];
    if (last) {
      if (head.tree_size < last.tree_size)
        throw new Break(`the log shrank: ${last.tree_size} entries seen before, ${head.tree_size} now`);
      if (head.timestamp < last.timestamp) throw new Break(`the head's time went back from ${last.timestamp}`);
      if (last.tree_size > 0) {
        const c = await get<{ proof: string[] }>(
          `/api/log/consistency?first=${last.tree_size}&second=${head.tree_size}`,
        );
        const consistent = await verifyConsistency(
          last.tree_size,
          head.tree_size,
          fromHex(last.root_hash),
          fromHex(head.root_hash),
          c.proof.map(fromHex),
        );
        if (!consistent)
          throw new Break(
            `the head of ${head.tree_size} entries is not consistent with the head of ${last.tree_size} seen at ${new Date(last.timestamp).toISOString()}: history was rewritten`,
          );
      }
      ok(`consistent with the ${last.tree_size}-entry head seen before`);
    }

    // 3. Every entry, read and hashed: the root must be the signed one.
    const leaves: Uint8Array[] = [];
    const entries: Entry[] = [];
    while (leaves.length < head.tree_size) {
      const page = await get<{ items: Array<{ index: number; data: string }> }>(
        `/api/log/entries?start=${leaves.length}&end=${head.tree_size - 1}`,
      );
      if (!page.items.length) throw new Break(`the log gave no entries from ${leaves.length}`);
      for (const item of page.items) {
        if (item.index !== leaves.length) throw new Break(`entry ${leaves.length} came as index ${item.index}`);
        const parsed = parseEntry(item.data);
        if ('problem' in parsed) throw new Break(`entry ${item.index}: ${parsed.problem}`);
        entries.push(parsed.entry);
        leaves.push(await leafHash(item.data));
      }
    }
    const root = await treeHash(leaves);
    const rootHex = [...root].map((b) => b.toString(16).padStart(2, '0')).join('');
    if (rootHex !== head.root_hash)
      throw new Break(`the ${head.tree_size} entries served hash to ${rootHex}, not the signed root ${head.root_hash}`);
    result.entries = entries.length;
    ok(`${entries.length} entries read; their tree hash is the signed root`);

    // 4. Settlements in range, re-derived from the logged prices and terms.
    const placed = new Map<number, OrderPlaced>();
    const prices = new Map<string, PriceSecond>();
    const references = new Map<string, ReferencePrice>();
    const from = options.start ?? 0;
    const to = options.end ?? entries.length - 1;
    entries.forEach((e, i) => {
      if (e.type === 'order_placed') placed.set((e as OrderPlaced).order_id, e as OrderPlaced);
      else if (e.type === 'price_second') {
        const p = e as PriceSecond;
        prices.set(`${p.symbol}:${p.second}`, p);
      } else if (e.type === 'reference_price') {
        const r = e as ReferencePrice;
        references.set(`${r.product}:${r.second}`, r);
      } else if ((e.type === 'order_settled' || e.type === 'order_voided') && i >= from && i <= to) {
        const s = e as OrderSettled | OrderVoided;
        const p = placed.get(s.order_id);
        if (!p) throw new Break(`entry ${i}: order ${s.order_id} settled but its placement is not logged before it`);
        // A void has no result to re-derive; both kinds are checked against the second-source rule.
        const problems =
          s.type === 'order_settled'
            ? checkSettlement(
                p,
                s,
                prices.get(`${p.product}:${p.open_second}`) ?? null,
                prices.get(`${p.product}:${s.price_second}`) ?? null,
              )
            : [];
        if (!prices.has(`${p.product}:${s.price_second}`))
          problems.push({ check: 'settle_price', detail: `no logged price second ${s.price_second}` });
        problems.push(
          ...checkReference(
            p,
            s,
            references.get(`${p.product}:${p.open_second}`) ?? null,
            references.get(`${p.product}:${s.settle_second}`) ?? null,
          ),
        );
        if (problems.length) throw new Break(`entry ${i}: order ${s.order_id}: ${problems[0]!.detail}`);
        result.settlements++;
      }
    });
    ok(`${result.settlements} settlements re-derived from the logged prices and terms (entries ${from} to ${to})`);

    // 5. The user's own orders, each in the log as the app shows it.
    if (options.token) {
      let cursor: string | null = null;
      let queued = 0;
      do {
        const page: { items: Array<{ id: number }>; next: string | null } = await get(
          `/api/user/orderlist?mode=real&size=100${cursor ? `&cursor=${cursor}` : ''}`,
          options.token,
        );
        for (const { id } of page.items) {
          const o = await get<{
            id: number;
            status: string;
            log_index: { placed: number | null; settled: number | null };
          }>(`/api/user/get_this_order?id=${id}`, options.token);
          const at = o.log_index.placed;
          if (at === null || at >= entries.length) {
            queued++;
            continue;
          }
          const e = entries[at] as OrderPlaced;
          if (e.type !== 'order_placed' || e.order_id !== id)
            throw new Break(`your order ${id}: entry ${at} is not its placement`);
          const s = o.log_index.settled;
          if (s !== null && s < entries.length) {
            const se = entries[s] as OrderSettled;
            if ((se.type !== 'order_settled' && (se as Entry).type !== 'order_voided') || se.order_id !== id)
              throw new Break(`your order ${id}: entry ${s} is not its settlement`);
          }
          result.orders++;
        }
        cursor = page.next;
      } while (cursor);
      ok(
        `${result.orders} of your orders are in the log${queued ? ` (${queued} still queued: run again in a minute)` : ''}`,
      );
    }

    // 6. The user's balance in the latest published proof of liabilities, and that root in the log.
    if (options.token) {
      const proof = await get<LiabilitiesProofShown>('/api/user/liabilities_proof', options.token).catch((e) => {
        if (e instanceof Break && /no_data/.test(e.message)) return null;
        throw e;
      });
      if (!proof) ok('no published proof of liabilities holds a balance of yours yet');
      else {
        const check = await verifyLiabilitiesProof(proof);
        if (!check.ok) throw new Break(`proof of liabilities of ${proof.day}: ${check.problems[0]}`);
        const logged = entries.find(
          (e) => e.type === 'liabilities_root' && (e as LiabilitiesRootEntry).day === proof.day,
        ) as LiabilitiesRootEntry | undefined;
        const wrong = rootLogged(proof.root, logged);
        if (wrong) throw new Break(`proof of liabilities: ${wrong}`);
        ok(
          `your balance ${proof.balance} is in the published total ${proof.root.total} of ${proof.day} (${proof.root.leaves} accounts), whose root is in the log`,
        );
      }
    }

    state.heads = [...state.heads, head].slice(-KEPT_HEADS);
    result.ok = true;
  } catch (e) {
    if (!(e instanceof Break)) throw e;
    options.say(`BREAK ${e.message}`);
  }
  return result;
}
