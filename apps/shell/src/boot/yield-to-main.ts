type Scheduler = { yield?: () => Promise<void> };

/**
 * Lets the browser paint and handle input before the work that follows (a long task is what makes a phone feel
 * stuck). scheduler.yield() resumes ahead of other queued tasks, so the start-up is not pushed behind them; a
 * timeout where it is missing.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
