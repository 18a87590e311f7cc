import { describe, expect, it } from 'vitest';
import { applyTick, bucketStart, isLiveChange, mergeBars, toBar, type Bar } from '../lib/candles.ts';

const bar = (time: number, close: number, volume: number | null = 5): Bar => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
  volume,
});

describe('candles', () => {
  it('reads the server candle as numbers', () => {
    expect(toBar({ t: 60, o: '1.10', h: '1.30', l: '1.00', c: '1.20', v: 7 })).toEqual({
      time: 60,
      open: 1.1,
      high: 1.3,
      low: 1,
      close: 1.2,
      volume: 7,
    });
  });

  it('aligns buckets like the server (UTC)', () => {
    expect(bucketStart(1795308851, '1m')).toBe(1795308840);
    expect(bucketStart(1795308851, '1h')).toBe(1795305600);
    expect(bucketStart(1795308851, '1d')).toBe(1795305600 - (1795305600 % 86400));
  });

  it('merges older pages in order, the server copy of a candle winning over the live one', () => {
    const merged = mergeBars([bar(180, 3), bar(240, 4, null)], [bar(60, 1), bar(120, 2), bar(240, 4.5, 9)]);
    expect(merged.map((b) => b.time)).toEqual([60, 120, 180, 240]);
    expect(merged[3]).toEqual(bar(240, 4.5, 9));
  });

  it('moves the close, high and low of the current candle with a tick', () => {
    const last: Bar = { time: 120, open: 10, high: 11, low: 9, close: 10.5, volume: 3 };
    expect(applyTick(last, { s: 'X', p: '11.5', t: 150 }, '1m')).toEqual({
      kind: 'update',
      bar: { time: 120, open: 10, high: 11.5, low: 9, close: 11.5, volume: 3 },
    });
    expect(applyTick(last, { s: 'X', p: '8.5', t: 179 }, '1m')).toEqual({
      kind: 'update',
      bar: { time: 120, open: 10, high: 11, low: 8.5, close: 8.5, volume: 3 },
    });
  });

  it('starts the next candle at the tick price with unknown volume, and ignores older ticks and repeats of the close', () => {
    const last = bar(120, 10);
    expect(applyTick(last, { s: 'X', p: '10.2', t: 181 }, '1m')).toEqual({
      kind: 'new',
      bar: { time: 180, open: 10.2, high: 10.2, low: 10.2, close: 10.2, volume: null },
    });
    expect(applyTick(last, { s: 'X', p: '10.2', t: 100 }, '1m')).toEqual({ kind: 'none' });
    // At the newest candle's close: nothing moved, nothing to draw.
    expect(applyTick(last, { s: 'X', p: String(last.close), t: 150 }, '1m')).toEqual({ kind: 'none' });
    expect(applyTick(undefined, { s: 'X', p: '10.2', t: 100 }, '1m')).toEqual({ kind: 'none' });
  });

  it('tells a live tick (the newest candle moved or one added) from a redraw', () => {
    const drawn = [bar(60, 1), bar(120, 2), bar(180, 3)];
    const moved = [drawn[0]!, drawn[1]!, bar(180, 3.5)];
    const added = [...drawn, bar(240, 4, null)];
    expect(isLiveChange(drawn, moved)).toBe(true);
    expect(isLiveChange(drawn, added)).toBe(true);
    expect(isLiveChange([], drawn)).toBe(false);
    // An older page prepended, the server's copy of an earlier candle, a jump of two candles: redraw.
    expect(isLiveChange(drawn, [bar(0, 0), ...drawn])).toBe(false);
    expect(isLiveChange(drawn, [drawn[0]!, bar(120, 2), drawn[2]!])).toBe(false);
    expect(isLiveChange(drawn, [...added, bar(300, 5)])).toBe(false);
  });
});
