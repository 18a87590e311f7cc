/**
 * Chart indicators, computed in the browser from the candles the server recorded. They are drawing aids:
 * floats are fine here because nothing is charged or settled on them.
 */

export type Point = { time: number; value: number };

/** Simple moving average of the closes over `period` candles; the first period-1 candles have none. */
export function movingAverage(times: readonly number[], closes: readonly number[], period: number): Point[] {
  if (period < 1) throw new RangeError('period must be at least 1');
  const out: Point[] = [];
  let sum = 0;
  for (let i = 0; i < closes.length; i++) {
    sum += closes[i]!;
    if (i >= period) sum -= closes[i - period]!;
    if (i >= period - 1) out.push({ time: times[i]!, value: sum / period });
  }
  return out;
}

export type Bands = { upper: Point[]; middle: Point[]; lower: Point[] };

/**
 * Bollinger bands: the `period` moving average, and `k` population standard deviations of the same closes
 * above and below it (the textbook BOLL(20, 2)).
 */
export function bollinger(times: readonly number[], closes: readonly number[], period = 20, k = 2): Bands {
  const bands: Bands = { upper: [], middle: [], lower: [] };
  for (let i = period - 1; i < closes.length; i++) {
    let sum = 0;
    for (let j = i - period + 1; j <= i; j++) sum += closes[j]!;
    const mean = sum / period;
    let squares = 0;
    for (let j = i - period + 1; j <= i; j++) squares += (closes[j]! - mean) ** 2;
    const deviation = Math.sqrt(squares / period);
    const time = times[i]!;
    bands.middle.push({ time, value: mean });
    bands.upper.push({ time, value: mean + k * deviation });
    bands.lower.push({ time, value: mean - k * deviation });
  }
  return bands;
}
