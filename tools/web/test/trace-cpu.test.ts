import { describe, expect, it } from 'vitest';
import { mainThreadCpu } from '../src/trace-cpu.mjs';

/** A trace as Chromium writes it, reduced to what Lighthouse needs to find the page's main thread and its FCP. */
function trace(tasks: Array<{ at: number; wall: number; cpu: number; tid?: number }>, fcpAt = 100) {
  const ms = (value: number) => Math.round(value * 1000);
  const timeline = 'disabled-by-default-devtools.timeline';
  return {
    traceEvents: [
      {
        name: 'TracingStartedInBrowser',
        cat: timeline,
        ph: 'I',
        pid: 1,
        tid: 1,
        ts: 0,
        args: { data: { frames: [{ frame: 'F', url: 'http://app/h5/', processId: 2 }] } },
      },
      { name: 'thread_name', cat: '__metadata', ph: 'M', pid: 2, tid: 3, ts: 0, args: { name: 'CrRendererMain' } },
      { name: 'thread_name', cat: '__metadata', ph: 'M', pid: 2, tid: 4, ts: 0, args: { name: 'Compositor' } },
      {
        name: 'navigationStart',
        cat: 'blink.user_timing',
        ph: 'R',
        pid: 2,
        tid: 3,
        ts: ms(10),
        args: {
          frame: 'F',
          data: { documentLoaderURL: 'http://app/h5/', isLoadingMainFrame: true, navigationId: 'N' },
        },
      },
      {
        name: 'firstContentfulPaint',
        cat: 'loading,rail,devtools.timeline',
        ph: 'R',
        pid: 2,
        tid: 3,
        ts: ms(fcpAt),
        args: { frame: 'F', data: { navigationId: 'N' } },
      },
      ...tasks.map((t) => ({
        name: 'RunTask',
        cat: timeline,
        ph: 'X',
        pid: 2,
        tid: t.tid ?? 3,
        ts: ms(t.at),
        dur: ms(t.wall),
        tdur: ms(t.cpu),
        args: {},
      })),
    ],
  };
}

describe('mainThreadCpu', () => {
  it("counts the main thread's CPU time, not wall time, scaled by the CPU factor", () => {
    const figures = mainThreadCpu(
      trace([
        { at: 20, wall: 30, cpu: 20 }, // before the FCP: in the total only
        { at: 200, wall: 40, cpu: 8 }, // a task stretched by a busy host: 80 ms at 10x, 30 blocking
        { at: 300, wall: 90, cpu: 4 }, // 40 ms at 10x: not long
        { at: 400, wall: 10, cpu: 10, tid: 4 }, // another thread
      ]),
      10,
    );
    expect(figures.tasks).toBe(3);
    expect(figures.mainThreadCpuMs).toBeCloseTo(320);
    expect(figures.longTasks).toBe(1);
    expect(figures.longestCpuMs).toBeCloseTo(80);
    expect(figures.blockingCpuMs).toBeCloseTo(30);
  });

  it('counts a task across the FCP with its share after it', () => {
    // 20 ms of CPU over 40 ms of wall time, 20 of them after the FCP: 10 ms, 100 at 10x.
    const figures = mainThreadCpu(trace([{ at: 80, wall: 40, cpu: 20 }]), 10);
    expect(figures.longestCpuMs).toBeCloseTo(100);
    expect(figures.blockingCpuMs).toBeCloseTo(50);
    expect(figures.mainThreadCpuMs).toBeCloseTo(200);
  });
});
