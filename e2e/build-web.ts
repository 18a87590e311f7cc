/**
 * `pnpm --filter @app/e2e build:web`: builds the web and the console as the e2e global setup would, unless built
 * from this code already. The fast tier runs it beside the unit and server suites (after lint), so the journeys find
 * the build made instead of making it on the tier's critical path (tools/test-tiers/run.mjs).
 */
import { webDir } from './support/paths.ts';
import { buildWebOnce } from './support/web-build.ts';

buildWebOnce(webDir);
