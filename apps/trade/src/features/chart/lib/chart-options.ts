import { ColorType, type DeepPartial, type Time, type TimeChartOptions } from 'lightweight-charts';
import type { Language } from '@app/i18n/client';
import type { ChartTheme } from '../hooks/use-chart-theme.ts';
import { chartFormatters } from './chart-format.ts';

/**
 * What both charts take from the theme and the language: colours of the surface, grid and text, and the
 * words and numbers on the axes and the crosshair (seconds on the per-second line only).
 */
export function themedChartOptions(
  theme: ChartTheme,
  lang: Language,
  precision: number,
  withSeconds: boolean,
): DeepPartial<TimeChartOptions> {
  const format = chartFormatters(lang, precision);
  return {
    layout: {
      background: { type: ColorType.Solid, color: theme.background },
      textColor: theme.text,
      fontFamily: theme.font,
      // Lightweight Charts' licence asks for TradingView's name and a link where the charts are shown: that is
      // ChartAttribution under each chart, since a link inside the chart (role="img") is lost to a screen reader.
      attributionLogo: false,
    },
    grid: { vertLines: { color: theme.grid }, horzLines: { color: theme.grid } },
    rightPriceScale: { borderColor: theme.grid },
    timeScale: {
      borderColor: theme.grid,
      tickMarkFormatter: (time: Time, type: number) => format.tickMark(Number(time), type),
    },
    localization: {
      priceFormatter: format.price,
      timeFormatter: (time: Time) => format.crosshairTime(Number(time), withSeconds),
    },
  };
}
