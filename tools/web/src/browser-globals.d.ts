/** What bench.mjs's scripts keep on the page while measuring, and the Event Timing option Chromium takes. */
interface Window {
  __interactions: Array<{ name: string; duration: number }>;
  /** bench:web's live pages: the durations of the long tasks seen so far. */
  __longTasks: number[];
}

interface PerformanceObserverInit {
  durationThreshold?: number;
}
