import { useTranslation } from 'react-i18next';
import { NS } from '../../../i18n-namespace.ts';
import styles from './chart.module.css';

/**
 * The attribution Lightweight Charts' licence asks for where its charts are shown: TradingView named, with a link
 * to https://www.tradingview.com/. A line under the chart rather than the library's logo on it: the chart is an
 * image to assistive technology (role="img"), and a link inside an image is unreachable to it.
 */
export function ChartAttribution() {
  const { t } = useTranslation(NS);
  return (
    <p className={styles.attribution} data-testid="chart-attribution">
      {t('chart.attribution')}{' '}
      <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
        TradingView Lightweight Charts™
      </a>
    </p>
  );
}
