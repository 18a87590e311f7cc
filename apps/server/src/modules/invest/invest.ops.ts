import { InvalidArgumentError, type Command } from 'commander';

/**
 * `pnpm ops plans ...`: Yuebao plans. Like the rest of the CLI it only calls the admin API, where every
 * act is checked and audited.
 */
type PlanView = {
  id: number;
  slug: string;
  title: string;
  state: string;
  phase: string;
  start_amount: string;
  invested: string;
  total: string;
  purchased_count: number;
  start_time: number;
  end_time: number;
  terms: { rate: string; period_days: number; share_type: string };
};
// The shared CLI client answers with the envelope's data, untyped; these commands know its shape.
type Request = (method: 'GET' | 'POST', url: string, body?: object) => Promise<unknown>;

const positive = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive whole number');
  return n;
};
const epoch = (v: string) => {
  const t = /^\d+$/.test(v) ? Number(v) : Math.floor(Date.parse(v) / 1000);
  if (!Number.isFinite(t)) throw new InvalidArgumentError('expected a date (2026-12-01T00:00:00+08:00) or seconds');
  return t;
};
const when = (s: number) => new Date(s * 1000).toISOString().replace('T', ' ').slice(0, 16);

/** The editable fields as options (none required on `set`). */
function fields(c: Command) {
  return c
    .option('--title <text>', 'shown to users')
    .option('--description <text>', 'shown on the plan page')
    .option('--from <date>', 'subscription opens (ISO date or seconds)', epoch)
    .option('--to <date>', 'subscription closes (ISO date or seconds)', epoch)
    .option('--min <amount>', 'minimum amount of a top-up, U')
    .option('--start <amount>', 'minimum first purchase, U')
    .option('--rate <pct>', 'yearly rate, percent')
    .option('--expected-rate <pct>', 'expected rate, percent')
    .option('--early-rate <pct>', 'yearly rate on held interest when stopped early, percent')
    .option('--total <amount>', 'plan size (cap), U')
    .option('--personal-cap <amount>', 'most one user may hold, U')
    .option('--sort <n>', 'order in the list')
    .requiredOption('-r, --reason <text>', 'why (kept in the audit log)');
}

function body(o: Record<string, unknown>) {
  const b: Record<string, unknown> = { reason: o.reason };
  const map: Record<string, string> = {
    title: 'title',
    description: 'description',
    from: 'start_time',
    to: 'end_time',
    min: 'min_amount',
    start: 'start_amount',
    rate: 'rate_pct',
    expectedRate: 'expected_rate_pct',
    earlyRate: 'early_exit_rate_pct',
    total: 'total',
    personalCap: 'personal_cap',
    sort: 'sort',
    slug: 'slug',
    days: 'period_days',
    share: 'share_type',
    committed: 'committed_amount',
  };
  for (const [k, v] of Object.entries(map)) if (o[k] !== undefined) b[v] = o[k];
  return b;
}

const row = (p: PlanView) => ({
  id: p.id,
  slug: p.slug,
  title: p.title,
  state: p.state,
  phase: p.phase,
  rate: `${p.terms.rate}%`,
  days: p.terms.period_days,
  share: p.terms.share_type,
  start: p.start_amount,
  invested: `${p.invested}/${p.total}`,
  buyers: p.purchased_count,
  window: `${when(p.start_time)} - ${when(p.end_time)}`,
});

export function registerInvestCommands(program: Command, request: Request) {
  const plans = program.command('plans').description('Yuebao plans: list, create, edit, pause, resume, close');
  plans.command('list').action(async () => {
    const data = (await request('GET', '/admin/plans')) as { items: PlanView[] };
    console.table(data.items.map(row));
  });
  fields(plans.command('create').description('publish a new plan'))
    .requiredOption('--slug <name>', 'stable name (a-z, 0-9, -)')
    .requiredOption('--days <n>', 'period in days', positive)
    .requiredOption('--share <type>', 'daily (interest paid every day) | maturity (paid with the principal)')
    .option('--committed <amount>', 'committed amount above the start amount (holdings below it await a top-up)')
    .action(async (o: Record<string, unknown>) => {
      for (const k of ['title', 'from', 'to', 'min', 'start', 'rate', 'total'])
        if (o[k] === undefined) throw new Error(`--${k} is required`);
      // A new plan is held whole for a second operator (the request says so): nothing exists yet.
      const { held } = (await request('POST', '/admin/plans', body(o))) as { held: { id: number } };
      console.log(`plan proposed as held change #${held.id}`);
    });
  fields(
    plans.command('set <id>').description('edit what only shapes future purchases (holdings keep their terms)'),
  ).action(async (id: string, o: Record<string, unknown>) => {
    const p = (await request('POST', `/admin/plans/${positive(id)}`, body(o))) as PlanView;
    console.table([row(p)]);
  });
  for (const action of ['pause', 'resume', 'close'] as const) {
    plans
      .command(`${action} <id>`)
      .requiredOption('-r, --reason <text>', 'why (kept in the audit log)')
      .action(async (id: string, o: { reason: string }) => {
        const p = (await request('POST', `/admin/plans/${positive(id)}/${action}`, { reason: o.reason })) as PlanView;
        console.log(`plan ${p.id} (${p.title}) is now ${p.state}`);
      });
  }
}
