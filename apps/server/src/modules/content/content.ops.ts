import fs from 'node:fs/promises';
import { InvalidArgumentError, type Command } from 'commander';
import type { AdminSupportQueue, AdminSupportThread } from '@app/contracts';

/**
 * `pnpm ops content|message|support|engage ...`: content, inbox messages, customer-service answers and public
 * settings. Like the rest of the CLI it only calls the admin API, where every act is checked and audited.
 */
type Request = (method: 'GET' | 'POST', url: string, body?: object) => Promise<unknown>;
type Item = {
  id: number;
  kind: string;
  slug: string;
  state: string;
  publish_at: number;
  languages: string[];
  translations: Record<string, { title: string }>;
};

const positive = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive whole number');
  return n;
};
const epoch = (v: string) => {
  const t = /^\d+$/.test(v) ? Number(v) : Math.floor(Date.parse(v) / 1000);
  if (!Number.isFinite(t)) throw new InvalidArgumentError('expected a date (2026-12-01T09:00:00+08:00) or seconds');
  return t;
};
const when = (s: number) => new Date(s * 1000).toISOString().replace('T', ' ').slice(0, 16);
const row = (i: Item) => ({
  id: i.id,
  kind: i.kind,
  slug: i.slug,
  state: i.state,
  publish_at: when(i.publish_at),
  title: i.translations.en?.title ?? '',
  languages: i.languages.join(' '),
});

/** Translations come from a JSON file: {"en": {"title", "summary", "body"}, "de": {...}}. */
async function readTranslations(file: string) {
  return JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>;
}

export function registerContentCommands(program: Command, request: Request) {
  const content = program
    .command('content')
    .description('banners, notices, news, activities: list, create, set, publish, withdraw');
  content
    .command('list')
    .option('-k, --kind <kind>', 'banner | notice | news | activity')
    .action(async (o: { kind?: string }) => {
      const data = (await request('GET', `/admin/content${o.kind ? `?kind=${o.kind}` : ''}`)) as { items: Item[] };
      console.table(data.items.map(row));
    });
  content
    .command('create')
    .requiredOption('-k, --kind <kind>', 'banner | notice | news | activity')
    .requiredOption('--slug <name>', 'stable name (a-z, 0-9, -)')
    .requiredOption('-t, --texts <file>', 'JSON file of translations (English required; bodies are sanitised)')
    .option('--link <hash>', 'in-app link, e.g. #/pages/user/recharge')
    .option('--tone <tone>', 'brand | up | gold | info | violet')
    .option('--activity-type <type>', 'promotion | recharge (activities only)')
    .option('--starts <date>', 'activity starts', epoch)
    .option('--ends <date>', 'activity or banner ends', epoch)
    .option('--pinned', 'keep on top of its list')
    .option('--publish', 'publish (at --at, or now)')
    .option('--at <date>', 'publication time (scheduled)', epoch)
    .requiredOption('-r, --reason <text>', 'why (kept in the audit log)')
    .action(async (o: Record<string, string | number | boolean | undefined>) => {
      const item = (await request('POST', '/admin/content', {
        reason: o.reason,
        kind: o.kind,
        slug: o.slug,
        translations: await readTranslations(String(o.texts)),
        ...(o.link ? { link: o.link } : {}),
        ...(o.tone ? { tone: o.tone } : {}),
        ...(o.activityType ? { activity_type: o.activityType } : {}),
        ...(o.starts !== undefined ? { starts_at: o.starts } : {}),
        ...(o.ends !== undefined ? { ends_at: o.ends } : {}),
        ...(o.pinned ? { pinned: true } : {}),
        ...(o.publish ? { publish: true } : {}),
        ...(o.at !== undefined ? { publish_at: o.at } : {}),
      })) as Item;
      console.table([row(item)]);
    });
  content
    .command('set <id>')
    .description('edit texts (merged by language) or fields')
    .option('-t, --texts <file>', 'JSON file of translations to add or replace')
    .option('--link <hash>', 'in-app link')
    .option('--tone <tone>', 'brand | up | gold | info | violet')
    .option('--ends <date>', 'ends', epoch)
    .option('--pinned <yes|no>', 'keep on top')
    .requiredOption('-r, --reason <text>', 'why (kept in the audit log)')
    .action(async (id: string, o: Record<string, string | number | undefined>) => {
      const item = (await request('POST', `/admin/content/${positive(id)}`, {
        reason: o.reason,
        ...(o.texts ? { translations: await readTranslations(String(o.texts)) } : {}),
        ...(o.link ? { link: o.link } : {}),
        ...(o.tone ? { tone: o.tone } : {}),
        ...(o.ends !== undefined ? { ends_at: o.ends } : {}),
        ...(o.pinned ? { pinned: o.pinned === 'yes' } : {}),
      })) as Item;
      console.table([row(item)]);
    });
  content
    .command('publish <id>')
    .option('--at <date>', 'publish later (scheduled)', epoch)
    .requiredOption('-r, --reason <text>', 'why (kept in the audit log)')
    .action(async (id: string, o: { reason: string; at?: number }) => {
      const item = (await request('POST', `/admin/content/${positive(id)}/publish`, o)) as Item;
      console.log(`content ${item.id} is ${item.state} from ${when(item.publish_at)}`);
    });
  content
    .command('withdraw <id>')
    .requiredOption('-r, --reason <text>', 'why (kept in the audit log)')
    .action(async (id: string, o: { reason: string }) => {
      const item = (await request('POST', `/admin/content/${positive(id)}/withdraw`, o)) as Item;
      console.log(`content ${item.id} is ${item.state}`);
    });

  program
    .command('message')
    .description("send a message to one user's inbox (--user) or to everyone (--all)")
    .option('-u, --user <id>', 'user id', positive)
    .option('--all', 'every user')
    .requiredOption('--title <text>', 'title')
    .requiredOption('--body <text>', 'text')
    .requiredOption('-r, --reason <text>', 'why (kept in the audit log)')
    .action(async (o: { user?: number; all?: boolean; title: string; body: string; reason: string }) => {
      const sent = (await request('POST', '/admin/messages', {
        reason: o.reason,
        title: o.title,
        body: o.body,
        ...(o.all ? { all: true } : { user_id: o.user }),
      })) as { recipients: number };
      console.log(`sent to ${sent.recipients} user(s)`);
    });

  const support = program.command('support').description('customer service: list, show, reply (by conversation id)');
  support
    .command('list')
    .option('-s, --state <state>', 'open, assigned or closed')
    .action(async (o: { state?: string }) => {
      const q = o.state ? `?state=${encodeURIComponent(o.state)}` : '';
      const data = (await request('GET', `/admin/support/conversations${q}`)) as AdminSupportQueue;
      console.table(
        data.items.map((c) => ({
          id: c.id,
          state: c.state,
          assigned_to: c.assigned_to ?? '',
          who: c.account ?? `${c.phone} (phone verified)`,
          awaiting_answer: c.awaiting_answer,
          last: c.last,
          at: when(c.last_at),
        })),
      );
    });
  support.command('show <conversationId>').action(async (id: string) => {
    const data = (await request('GET', `/admin/support/conversations/${positive(id)}`)) as AdminSupportThread;
    for (const m of data.messages)
      console.log(`${when(m.created_at)}  ${m.from === 'user' ? 'user' : (m.operator ?? 'operator')}: ${m.body}`);
  });
  support
    .command('reply <conversationId>')
    .requiredOption('-m, --message <text>', 'the answer')
    .action(async (id: string, o: { message: string }) => {
      await request('POST', `/admin/support/conversations/${positive(id)}/reply`, { body: o.message });
      console.log(`answered conversation ${id}`);
    });

  const engage = program.command('engage').description('public settings: service channels, download links, check-in');
  engage
    .command('show')
    .action(async () => console.log(JSON.stringify(await request('GET', '/admin/engage-settings'), null, 2)));
  engage
    .command('set')
    .option('--channels <file>', 'JSON file: [{kind, label, url, hours}]')
    .option('--android <url>', 'Android download link ("none" to clear)')
    .option('--ios <url>', 'iOS download link ("none" to clear)')
    .option('--checkin-reward <amount>', 'U per daily check-in')
    .requiredOption('-r, --reason <text>', 'why (kept in the audit log)')
    .action(
      async (o: { channels?: string; android?: string; ios?: string; checkinReward?: string; reason: string }) => {
        const body: Record<string, unknown> = { reason: o.reason };
        if (o.channels) body.service_channels = JSON.parse(await fs.readFile(o.channels, 'utf8'));
        if (o.android !== undefined || o.ios !== undefined) {
          const current = (await request('GET', '/admin/engage-settings')) as {
            download: { android: string | null; ios: string | null };
          };
          const pick = (v: string | undefined, old: string | null) => (v === undefined ? old : v === 'none' ? null : v);
          body.download = {
            android: pick(o.android, current.download.android),
            ios: pick(o.ios, current.download.ios),
          };
        }
        if (o.checkinReward) body.checkin_reward = o.checkinReward;
        console.log(JSON.stringify(await request('POST', '/admin/engage-settings', body), null, 2));
      },
    );
}
