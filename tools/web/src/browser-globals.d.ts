/** What bench.mjs's scripts keep on the page while measuring, and the Event Timing option Chromium takes. */
interface Window {
  __interactions: Array<{ name: string; duration: number }>;
}

interface PerformanceObserverInit {
  durationThreshold?: number;
}
