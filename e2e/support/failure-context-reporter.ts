import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** A page's accessibility tree up to this length: a long table's page whole, a page of thousands of rows cut. */
const MAX_LINES = 400;

/**
 * CI keeps no file of a run, so the error context Playwright writes beside a failed test (the page as an
 * accessibility tree when it failed) would be lost with the machine: this prints it into the log, under the test's
 * title, for the failures that only happen there.
 */
export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const attachment of result.attachments) {
      if (attachment.name !== 'error-context' || !attachment.path) continue;
      // The file also repeats the error and the test's source, which the list reporter has printed already.
      const all = readFileSync(attachment.path, 'utf8').split('\n');
      const start = all.findIndex((line) => line.startsWith('```yaml'));
      if (start < 0) continue;
      const end = all.findIndex((line, i) => i > start && line.startsWith('```'));
      const tree = all.slice(start + 1, end < 0 ? undefined : end);
      // A page's navigation comes first and says little: its main part, where the page has one.
      const main = tree.findIndex((line) => line.startsWith('- main'));
      const lines = main < 0 ? tree : tree.slice(main);
      const shown = lines.slice(0, MAX_LINES);
      if (lines.length > MAX_LINES) shown.push(`… ${lines.length - MAX_LINES} more lines`);
      console.log(`\n== the page when "${test.titlePath().slice(1).join(' › ')}" failed ==\n${shown.join('\n')}\n`);
    }
  }

  printsToStdio() {
    return false;
  }
}
