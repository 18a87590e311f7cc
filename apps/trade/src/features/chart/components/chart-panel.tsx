import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KLINE_INTERVALS, type KlineInterval } from '@app/contracts';
import { Button, Delayed, Spinner } from '@app/ui';
import { apiErrorText, useRetryWhenOnline } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import { useTickListener } from '../../../lib/stream/stream-hooks.ts';
import { useChartTheme } from '../hooks/use-chart-theme.ts';
import { useKline } from '../hooks/use-kline.ts';
import { useTickLine } from '../hooks/use-tick-line.ts';
import { FluctuationChart } from './fluctuation-chart.tsx';
import { KlineChart, type Indicators, type OpenPriceLine } from './kline-chart.tsx';
import styles from './chart.module.css';
import { ChartAttribution } from './chart-attribution.tsx';

export type ChartMode = 'line' | KlineInterval;
const MODES: ChartMode[] = ['line', ...KLINE_INTERVALS];

export type ChartPanelProps = {
  symbol: string;
  precision: number;
  mode: ChartMode;
  onModeChange: (mode: ChartMode) => void;
  at: number | null;
  openLines: OpenPriceLine[];
  /** A closed market records no new seconds: the line then says so instead of looking frozen. */
  trading: boolean;
};

/**
 * The chart area of the product page: the per-second line or candles at an interval, with MA and BOLL.
 * Memoised: the product page renders again with every live tick and when the order sheet opens; the chart
 * has its own data and redraws only when its props change.
 */
export const ChartPanel = memo(function ChartPanel({
  symbol,
  precision,
  mode,
  onModeChange,
  at,
  openLines,
  trading,
}: ChartPanelProps) {
  const { t } = useTranslation(NS);
  const [indicators, setIndicators] = useState<Indicators>({ ma: true, boll: false });
  const theme = useChartTheme();
  return (
    <section className={styles.panel} aria-label={t('chart.title')}>
      <div className={styles.modes} role="radiogroup" aria-label={t('chart.modeLabel')}>
        {MODES.map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={mode === m}
            className={styles.chip}
            onClick={() => onModeChange(m)}
          >
            {m === 'line' ? t('chart.line') : t(`chart.intervals.${m}`)}
          </button>
        ))}
      </div>
      {mode === 'line' ? (
        <LineView
          key={symbol}
          symbol={symbol}
          precision={precision}
          theme={theme}
          openLines={openLines}
          trading={trading}
        />
      ) : (
        <CandleView
          key={`${symbol}|${mode}|${at ?? ''}`}
          symbol={symbol}
          interval={mode}
          precision={precision}
          theme={theme}
          indicators={indicators}
          onToggle={(key) => setIndicators((s) => ({ ...s, [key]: !s[key] }))}
          at={at}
          openLines={openLines}
        />
      )}
      <ChartAttribution />
    </section>
  );
});

function CandleView(props: {
  symbol: string;
  interval: KlineInterval;
  precision: number;
  theme: ReturnType<typeof useChartTheme>;
  indicators: Indicators;
  onToggle: (key: keyof Indicators) => void;
  at: number | null;
  openLines: OpenPriceLine[];
}) {
  const { t } = useTranslation(NS);
  const kline = useKline(props.symbol, props.interval, props.at);
  useTickListener(props.symbol, kline.onTick);
  if (kline.status === 'error') return <ChartError error={kline.error} onRetry={kline.retry} />;
  return (
    <div className={styles.canvasWrap}>
      <KlineChart
        bars={kline.bars}
        loaded={kline.status === 'ready'}
        interval={props.interval}
        precision={props.precision}
        theme={props.theme}
        indicators={props.indicators}
        toggles={
          <span className={styles.toggles} role="group" aria-label={t('chart.indicators')}>
            {(['ma', 'boll'] as const).map((key) => (
              <button
                key={key}
                type="button"
                aria-pressed={props.indicators[key]}
                className={styles.toggle}
                onClick={() => props.onToggle(key)}
              >
                {key.toUpperCase()}
              </button>
            ))}
          </span>
        }
        at={props.at}
        openLines={props.openLines}
        onNearLeftEdge={kline.loadOlder}
        label={t('chart.klineLabel', { symbol: props.symbol, interval: t(`chart.intervals.${props.interval}`) })}
      />
      {kline.status === 'loading' && <ChartLoading />}
      {kline.loadingOlder && <span className={styles.older}>{t('chart.loadingOlder')}</span>}
    </div>
  );
}

function LineView(props: {
  symbol: string;
  precision: number;
  theme: ReturnType<typeof useChartTheme>;
  openLines: OpenPriceLine[];
  trading: boolean;
}) {
  const { t } = useTranslation(NS);
  const line = useTickLine(props.symbol, 300);
  useTickListener(props.symbol, line.onTick);
  if (line.status === 'error') return <ChartError error={line.error} onRetry={line.retry} />;
  return (
    <div className={styles.canvasWrap}>
      <FluctuationChart
        points={line.points}
        precision={props.precision}
        theme={props.theme}
        openLines={props.openLines}
        label={t('chart.lineLabel', { symbol: props.symbol })}
      />
      {line.status === 'loading' && <ChartLoading />}
      {line.status === 'ready' && line.points.length === 0 && (
        <div className={styles.overlay}>
          <p className={styles.emptyText}>{t('chart.noRecentTicks')}</p>
        </div>
      )}
      {line.status === 'ready' && line.points.length > 0 && !props.trading && (
        <p className={styles.caption}>{t('chart.closedLine')}</p>
      )}
    </div>
  );
}

function ChartLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.overlay}>
      <Delayed>
        <Spinner label={t('states.loading')} />
      </Delayed>
    </div>
  );
}

function ChartError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(NS);
  useRetryWhenOnline(onRetry);
  return (
    <div className={styles.errorBox} role="alert">
      <p>{t('chart.failed')}</p>
      <p className={styles.errorDetail}>{apiErrorText(error, t)}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('actions.retry', { ns: 'common' })}
      </Button>
    </div>
  );
}
