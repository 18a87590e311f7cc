import type { ChartTheme } from '../hooks/use-chart-theme.ts';

/** The light theme's chart colours, as the chart tests give them. */
export const testTheme: ChartTheme = {
  up: '#0a7d43',
  down: '#c81e1e',
  text: '#5f6673',
  grid: '#e1e5ec',
  background: '#ffffff',
  primary: '#1a56db',
  font: 'system-ui, sans-serif',
  lines: { ma5: '#a15c00', ma10: '#1a56db', ma30: '#3f4754', boll: '#a15c00', bollBand: '#5f6673' },
};
