/**
 * The main thread's CPU time in a Lighthouse trace, a figure a busy host inflates far less than TBT.
 *
 * Lighthouse's TBT (simulated throttling) is the observed wall time of each task, multiplied by the CPU factor:
 * a task that waited for a core on a loaded host counts as if the page had worked all that time. Trace events
 * also carry the thread's own CPU time (`tdur`, microseconds), which counts only the time the main thread ran.
 * Here each top-level task of the page's main thread counts its `tdur` times the CPU factor, and the figure is
 * TBT's sum over those tasks: the part of each one beyond 50 ms, from the first contentful paint on (as TBT; a
 * task running across it counts with the share of its time after it).
 */
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

/**
 * @param {{ traceEvents: Array<Record<string, any>> }} trace a Chromium trace (Lighthouse's artifacts.Trace)
 * @param {number} factor the CPU slowdown the figures are scaled to (Lighthouse's cpuSlowdownMultiplier)
 * @returns {{ blockingCpuMs: number, longTasks: number, longestCpuMs: number, mainThreadCpuMs: number, tasks: number }}
 *   blockingCpuMs: sum over tasks after the FCP of at least 50 ms (CPU time x factor) of the part beyond 50 ms;
 *   longTasks, longestCpuMs: their count, and the longest task's CPU time x factor (after the FCP);
 *   mainThreadCpuMs: every task's CPU time x factor, from the navigation to the end of the trace.
 */
export function mainThreadCpu(trace, factor) {
  const processed = TraceProcessor.processTrace(trace);
  const origin = processed.timeOriginEvt.ts;
  let fcp = origin;
  try {
    fcp = TraceProcessor.processNavigation(processed).timestamps.firstContentfulPaint ?? origin;
  } catch {
    // No FCP in the trace (Lighthouse reports that run as failed): the whole load counts.
  }
  let end = -Infinity;
  const out = { blockingCpuMs: 0, longTasks: 0, longestCpuMs: 0, mainThreadCpuMs: 0, tasks: 0 };
  for (const event of processed.mainThreadEvents) {
    if (!TraceProcessor.isScheduleableTask(event) || !event.dur || event.ts < origin) continue;
    // A task run inside another (a nested message loop) is already counted in its parent.
    if (event.ts < end) continue;
    end = event.ts + event.dur;
    const cpuMs = ((event.tdur ?? event.dur) / 1000) * factor;
    out.tasks += 1;
    out.mainThreadCpuMs += cpuMs;
    if (end <= fcp) continue;
    const afterFcp = event.ts >= fcp ? cpuMs : cpuMs * ((end - fcp) / event.dur);
    if (afterFcp > out.longestCpuMs) out.longestCpuMs = afterFcp;
    if (afterFcp >= 50) {
      out.longTasks += 1;
      out.blockingCpuMs += afterFcp - 50;
    }
  }
  return out;
}
