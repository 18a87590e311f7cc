import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail, OrderProof } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { Badge, Button, cx } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import type {
  EntryCheck,
  OrderPlaced,
  OrderSettled,
  OrderVerification,
  OrderVoided,
  PriceSecond,
  ReferencePrice,
} from '@app/verifier';
import { NS } from '../../../i18n-namespace.ts';
import { usePeriodLabel } from '../../../lib/period.ts';
import { useTimeFormat } from '../../../lib/time-format.ts';
import styles from './order-proof.module.css';

type Row = [string, ReactNode];

function Rows({ rows, testId }: { rows: Row[]; testId?: string }) {
  return (
    <dl className={styles.rows} data-testid={testId}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.row}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}

/** The verdict first: verified, not yet sequenced (with retry), or failed with what failed. */
function Verdict({ verification, onRetry }: { verification: OrderVerification; onRetry: () => void }) {
  const { t } = useTranslation(NS);
  const { status, problems } = verification;
  return (
    <div
      className={cx(styles.status, status === 'verified' && styles.verified, status === 'failed' && styles.failed)}
      role="status"
      data-testid="verify-status"
      data-status={status}
    >
      <div className={styles.statusTitle}>
        <span aria-hidden="true">{status === 'verified' ? '✓' : status === 'failed' ? '✕' : '…'}</span>
        {t(`verify.status.${status}`)}
      </div>
      <p className={styles.statusText}>{t(`verify.statusText.${status}`)}</p>
      {status === 'failed' && (
        <ul className={styles.problems} data-testid="verify-problems">
          {problems.map((p, i) => (
            <li key={i}>
              {t(`verify.check.${p.check}`, { defaultValue: p.check })}
              <span className={styles.problemDetail}>{p.detail}</span>
            </li>
          ))}
        </ul>
      )}
      {status !== 'verified' && (
        <Button variant="secondary" onClick={onRetry}>
          {t('verify.retry')}
        </Button>
      )}
    </div>
  );
}

/** One recorded second: its price, its time and what stands behind it (a trade at the exchange, or a draw). */
function PriceRows({ label, price }: { label: string; price: PriceSecond | null }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const time = useTimeFormat();
  if (!price) return null;
  const decimals = (price.price.split('.')[1] ?? '').length;
  const behind =
    price.source === 'simulator'
      ? t('verify.simulatorStep', { step: price.step })
      : price.trade_id
        ? t('verify.trade', {
            exchange: t(`verify.source.${price.source}`, { defaultValue: price.source }),
            id: price.trade_id,
          })
        : t('verify.noTrade', { exchange: t(`verify.source.${price.source}`, { defaultValue: price.source }) });
  return (
    <Rows
      testId={`verify-${label}`}
      rows={[
        [t(`verify.${label}`), f.number(price.price, decimals)],
        [
          t('verify.second'),
          <>
            {time.dateTimeSeconds(price.second)}
            <span className={styles.sub}>{price.second}</span>
          </>,
        ],
        [t('verify.source.label'), behind],
      ]}
    />
  );
}

/** The second source's price of a second, with the trade behind it, or "missing" (which voids the order). */
function ReferenceRows({ label, price, maxAge }: { label: string; price: ReferencePrice | null; maxAge: number }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const time = useTimeFormat();
  if (!price) return null;
  const exchange = t(`verify.source.${price.source}`, { defaultValue: price.source });
  return (
    <Rows
      testId={`verify-${label}`}
      rows={[
        [
          t(`verify.${label}`),
          price.price === null
            ? t('verify.referenceMissing', { age: maxAge })
            : f.number(price.price, (price.price.split('.')[1] ?? '').length),
        ],
        [
          t('verify.second'),
          <>
            {time.dateTimeSeconds(price.second)}
            <span className={styles.sub}>{price.second}</span>
          </>,
        ],
        [
          t('verify.source.label'),
          price.trade_id ? (
            <>
              {t('verify.trade', { exchange, id: price.trade_id })}
              {price.trade_second !== null && (
                <span className={styles.sub}>{time.dateTimeSeconds(price.trade_second)}</span>
              )}
            </>
          ) : (
            exchange
          ),
        ],
      ]}
    />
  );
}

function EntryCard({ check, treeSize }: { check: EntryCheck; treeSize: number }) {
  const { t } = useTranslation(NS);
  const tone = check.state === 'included' ? 'up' : check.state === 'failed' ? 'down' : 'warning';
  return (
    <div className={styles.entry} data-testid={`verify-entry-${check.role}`} data-state={check.state}>
      <div className={styles.entryHead}>
        <span>{t(`verify.role.${check.role}`)}</span>
        <Badge tone={tone}>{t(`verify.entryState.${check.state}`)}</Badge>
      </div>
      <span className={styles.sub}>
        {check.index === null ? t('verify.queued') : t('verify.index', { index: check.index, size: treeSize })}
      </span>
      <pre className={styles.code}>{check.data}</pre>
      {check.auditPath.length > 0 && (
        <details className={styles.details}>
          <summary>{t('verify.auditPath', { n: check.auditPath.length })}</summary>
          <ol className={styles.problems}>
            {check.auditPath.map((h, i) => (
              <li key={i} className={styles.hash}>
                {h}
              </li>
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}

/**
 * "Verify this order": every fact behind the order's result, each from the log, and the browser's own verdict on
 * them. What is shown of the prices, rule and payout is read from the log's entries, not from the order as the
 * app serves it (the check compares the two).
 */
export function OrderProofView({
  order,
  proof,
  head,
  verification,
  onRetry,
}: {
  order: OrderDetail;
  proof: OrderProof;
  head: { tree_size: number; root_hash: string; timestamp: number; key_id: string };
  verification: OrderVerification;
  onRetry: () => void;
}) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const time = useTimeFormat();
  const period = usePeriodLabel();
  const entryOf = <T,>(role: EntryCheck['role']) =>
    (verification.entries.find((e) => e.role === role)?.entry ?? null) as T | null;
  const placed = entryOf<OrderPlaced>('placed');
  const outcome = entryOf<OrderSettled | OrderVoided>('settled');
  const settled = outcome?.type === 'order_settled' ? outcome : null;
  const voided = outcome?.type === 'order_voided' ? outcome : null;
  const a = verification.arithmetic;
  const pct = (s: string) => `${f.number(s, 2)}%`;

  return (
    <div className={styles.page} data-testid="order-proof">
      <Verdict verification={verification} onRetry={onRetry} />

      <Section title={t('verify.prices')}>
        <PriceRows label="openPrice" price={entryOf<PriceSecond>('open_price')} />
        {order.status === 'settled' && <PriceRows label="settlePrice" price={entryOf<PriceSecond>('settle_price')} />}
        <p className={styles.note}>{t('verify.pricesNote')}</p>
      </Section>

      {placed?.reference && (
        <Section title={t('verify.reference')}>
          <ReferenceRows
            label="openReference"
            price={entryOf<ReferencePrice>('open_reference')}
            maxAge={placed.reference.max_age_seconds}
          />
          {order.status === 'settled' && (
            <ReferenceRows
              label="settleReference"
              price={entryOf<ReferencePrice>('settle_reference')}
              maxAge={placed.reference.max_age_seconds}
            />
          )}
          <p className={styles.note}>
            {t('verify.referenceNote', {
              pct: f.number(placed.reference.tolerance_pct, 2),
              age: placed.reference.max_age_seconds,
            })}
          </p>
        </Section>
      )}

      {placed && (
        <Section title={t('verify.rule')}>
          <Rows
            rows={[
              [t('verify.direction'), t(`direction.${placed.direction}`)],
              [t('verify.period'), period(placed.terms.seconds)],
              [t('verify.payoutPct'), pct(placed.terms.payout_pct)],
              [t('verify.lossPct'), pct(placed.terms.loss_pct)],
              [t('verify.feePct'), pct(placed.terms.fee_pct)],
            ]}
          />
          <p className={styles.note}>{t(`verify.ruleText.${placed.direction}`)}</p>
          <LinkButton variant="secondary" href="#/pages/trade/terms">
            {t('verify.termsHistory')}
          </LinkButton>
        </Section>
      )}

      {placed && a && (
        <Section title={t('verify.arithmetic')}>
          <Rows
            testId="verify-arithmetic"
            rows={[
              [t('verify.stake'), f.money(placed.stake)],
              [
                t('verify.fee'),
                <>
                  {f.money(a.fee)}
                  <span className={styles.sub}>
                    {t('verify.feeRule', { stake: f.money(placed.stake), pct: pct(placed.terms.fee_pct) })}
                  </span>
                </>,
              ],
              ...(voided
                ? ([
                    [t('verify.result'), t('verify.voidRule', { reason: t(`verify.voidReason.${voided.reason}`) })],
                    [
                      t('verify.payout'),
                      <>
                        {f.money(voided.refund)}
                        <span className={styles.sub}>
                          {t('verify.payoutVoid', { stake: f.money(placed.stake), fee: f.money(placed.fee) })}
                        </span>
                      </>,
                    ],
                  ] as Row[])
                : settled && a.result
                  ? ([
                      [
                        t('verify.result'),
                        t('verify.resultRule', {
                          direction: t(`direction.${placed.direction}`),
                          open: placed.open_price,
                          settle: settled.settle_price,
                          result: t(`result.${a.result}`),
                        }),
                      ],
                      [
                        t('verify.payout'),
                        <>
                          {f.money(a.payout)}
                          <span className={styles.sub}>
                            {a.result === 'win'
                              ? t('verify.payoutWin', { stake: f.money(placed.stake), profit: f.money(a.profit) })
                              : a.result === 'loss'
                                ? t('verify.payoutLoss', { stake: f.money(placed.stake), lost: f.money(a.lost) })
                                : t('verify.payoutDraw', { stake: f.money(placed.stake) })}
                          </span>
                        </>,
                      ],
                    ] as Row[])
                  : [[t('verify.result'), t('detail.pending')] as Row]),
            ]}
          />
        </Section>
      )}

      <Section title={t('verify.journal')}>
        {proof.journals.map((j) => (
          <Rows
            key={j.id}
            testId={`verify-journal-${j.kind}`}
            rows={[
              [
                t('verify.journalId'),
                <>
                  #{j.id}
                  <span className={styles.sub}>{j.reference}</span>
                </>,
              ],
              ...j.lines.map((l, i): Row => [
                `${i + 1}. ${l.account}`,
                <span className={l.amount.startsWith('-') ? styles.down : styles.up}>
                  {l.amount.startsWith('-') ? '−' : '+'}
                  {f.money(l.amount.replace(/^-/, ''))}
                </span>,
              ]),
            ]}
          />
        ))}
        <p className={styles.note}>{t('verify.journalNote')}</p>
      </Section>

      <Section title={t('verify.entries')}>
        {verification.entries.map((c) => (
          <EntryCard key={c.role} check={c} treeSize={head.tree_size} />
        ))}
      </Section>

      <Section title={t('verify.head')}>
        <Rows
          testId="verify-head"
          rows={[
            [t('verify.treeSize'), f.number(head.tree_size, 0)],
            [t('verify.signedAt'), time.dateTimeSeconds(Math.floor(head.timestamp / 1000))],
            [t('verify.rootHash'), <span className={styles.hash}>{head.root_hash}</span>],
            [t('verify.keyId'), <span className={styles.hash}>{head.key_id}</span>],
          ]}
        />
        <p className={styles.note}>{t('verify.headNote')}</p>
      </Section>
    </div>
  );
}
