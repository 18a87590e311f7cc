import fp from 'fastify-plugin';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../time/clock.ts';

/** What every route of an app reads from the instance instead of from options threaded into it. */
export type InstanceDeps = {
  /** The database handle this app's requests use. */
  db: Db;
  /** The platform clock (seconds since the epoch); tests drive market time with another. */
  now: Clock;
  /** The server's configuration. */
  config: Config;
  /** The platform's time zone (PLATFORM_TZ): its days and hours. */
  tz: string;
  /** Whether the prices come from the built-in simulator (shown wherever prices appear). */
  simulated: boolean;
};

declare module 'fastify' {
  // The public app decorates them all (app.ts). The operator app has no configuration: it decorates db, now, and
  // the time zone a user's page and the house view count days in (admin-app.ts).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the fields
  interface FastifyInstance extends InstanceDeps {}
}

/** Decorates the instance once with the app's dependencies, before any route is registered. */
export const appDeps = fp<Pick<InstanceDeps, 'db' | 'now'> & Partial<InstanceDeps>>(
  async (app, deps) => {
    app.decorate('db', deps.db);
    app.decorate('now', deps.now);
    if (deps.config) app.decorate('config', deps.config);
    if (deps.tz !== undefined) app.decorate('tz', deps.tz);
    if (deps.simulated !== undefined) app.decorate('simulated', deps.simulated);
  },
  { name: 'app-deps' },
);
