import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MARKET_SOURCES,
  PRODUCT_CLASSES,
  type AdminProduct,
  type AdminProductCreate,
  type MarketSource,
} from '@app/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import page from '../../../components/page.module.css';
import { QueryTable } from '../../../components/query-table.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { Field } from '../../../components/field.tsx';
import ui from '../../../components/ui.module.css';
import { formatDateTime } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/hooks.ts';
import {
  useCreateProductMutation,
  useProductsQuery,
  useSetForbiddenMutation,
  useUpdateProductMutation,
} from '../api/products-api.ts';
import { TermsPanel } from './terms-panel.tsx';
import { HolidaysPanel } from './holidays-panel.tsx';

const SESSIONS = ['24x7', 'fx', 'globex', 'us_equities'] as const;

/**
 * The products and where their prices come from: operators add a product, change its source, source symbol,
 * precision (only before it has prices), delay limit and name, suspend or resume it, and set its contract terms.
 * Every act asks for a reason and is audited by the server.
 */
export function ProductsPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const list = useProductsQuery(undefined, { pollingInterval: 15_000 });
  const items = list.data?.items ?? [];
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const product = items.find((p) => p.symbol === selected) ?? null;

  return (
    <div>
      <PageHeader title={t('products.title')} subtitle={t('products.subtitle')}>
        <div className={page.toolbar}>
          <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => setAdding(true)}>
            {t('products.add')}
          </button>
          <button type="button" className={ui.button} onClick={() => void list.refetch()} disabled={list.isFetching}>
            {t('common.refresh')}
          </button>
        </div>
      </PageHeader>
      <div className={page.split}>
        <section className={ui.panel} aria-label={t('products.listLabel')}>
          <QueryTable query={list} items={items} empty={t('products.empty')}>
            <thead>
              <tr>
                <th>{t('products.symbol')}</th>
                <th>{t('products.source')}</th>
                <th className={ui.num}>{t('products.price')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <tr
                  key={p.symbol}
                  className={`${ui.rowButton} ${p.symbol === selected ? ui.rowSelected : ''}`}
                  aria-selected={p.symbol === selected}
                  data-testid={`product-row-${p.symbol}`}
                >
                  <td>
                    <button
                      type="button"
                      style={{ all: 'unset', cursor: 'pointer', fontWeight: 600 }}
                      onClick={() => {
                        setSelected(p.symbol);
                        setDone(null);
                      }}
                      aria-label={t('products.open', { symbol: p.symbol })}
                    >
                      {p.symbol}
                    </button>{' '}
                    <StateBadge product={p} />
                    <div className={ui.hint}>
                      {p.name} · {t(`products.classes.${p.class}`)}
                    </div>
                  </td>
                  <td>
                    <SourceBadge product={p} />
                    {p.source !== 'simulator' && p.source_symbol && (
                      <div className={`${ui.hint} ${page.mono}`}>{p.source_symbol}</div>
                    )}
                  </td>
                  <td className={ui.num}>
                    {p.price ?? '—'}
                    <div className={ui.hint}>{formatDateTime(p.price_time, lang, 'short')}</div>
                  </td>
                </tr>
              ))}
            </tbody>
          </QueryTable>
        </section>
        <section className={`${ui.panel} ${page.detail}`} aria-label={t('products.detailLabel')}>
          {done && (
            <div className={ui.success} role="status" style={{ margin: 12 }}>
              {done}
            </div>
          )}
          {product ? (
            <ProductDetail
              key={product.symbol}
              product={product}
              onDone={(message) => {
                setDone(message);
                void list.refetch();
              }}
            />
          ) : (
            <div className={page.placeholder}>{t('products.pick')}</div>
          )}
        </section>
      </div>
      <HolidaysPanel />
      {adding && (
        <AddProductDialog
          onClose={() => setAdding(false)}
          onAdded={(p) => {
            setSelected(p.symbol);
            setDone(t('products.added', { symbol: p.symbol }));
            void list.refetch();
          }}
        />
      )}
    </div>
  );
}

function SourceBadge({ product: p }: { product: AdminProduct }) {
  const { t } = useTranslation();
  return (
    <span
      className={`${ui.badge} ${p.simulated ? ui.badgeWarn : ui.badgeOk}`}
      title={p.simulated ? t('products.simulatedHint') : undefined}
    >
      {t(`products.sources.${p.source}`, { defaultValue: p.source })}
    </span>
  );
}

function StateBadge({ product: p }: { product: AdminProduct }) {
  const { t } = useTranslation();
  if (p.forbidden) return <span className={`${ui.badge} ${ui.badgeDanger}`}>{t('products.forbidden')}</span>;
  if (p.delayed) return <span className={`${ui.badge} ${ui.badgeWarn}`}>{t('products.delayed')}</span>;
  return null;
}

type Fields = {
  name: string;
  source: string;
  source_symbol: string;
  precision: string;
  max_price_age_seconds: string;
  hot: boolean;
};

/** The fields an operator edits, shared by "add" and "edit". */
function ProductFields({
  id,
  fields,
  set,
  precisionLocked,
}: {
  /** Prefix of the inputs' ids: the edit form and the add dialog can be on the page together. */
  id: 'edit' | 'add';
  fields: Fields;
  set: (f: Fields) => void;
  precisionLocked?: boolean;
}) {
  const { t } = useTranslation();
  const field = (key: keyof Fields, input: ReactNode) => (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={`${id}-${key}`}>
        {t(`products.fields.${key}`)}
      </label>
      {input}
    </div>
  );
  return (
    <>
      {field(
        'name',
        <input
          id={`${id}-name`}
          className={ui.input}
          value={fields.name}
          maxLength={60}
          onChange={(e) => set({ ...fields, name: e.target.value })}
        />,
      )}
      <div className={page.formRow}>
        {field(
          'source',
          <select
            id={`${id}-source`}
            className={ui.input}
            value={fields.source}
            onChange={(e) => set({ ...fields, source: e.target.value })}
          >
            {MARKET_SOURCES.map((s) => (
              <option key={s} value={s}>
                {t(`products.sources.${s}`)}
              </option>
            ))}
          </select>,
        )}
        {field(
          'source_symbol',
          <input
            id={`${id}-source_symbol`}
            className={`${ui.input} ${page.mono}`}
            value={fields.source_symbol}
            placeholder={t('products.derived')}
            maxLength={32}
            onChange={(e) => set({ ...fields, source_symbol: e.target.value })}
          />,
        )}
      </div>
      <div className={page.formRow}>
        {field(
          'precision',
          <input
            id={`${id}-precision`}
            className={ui.input}
            type="number"
            min={0}
            max={8}
            value={fields.precision}
            disabled={precisionLocked}
            aria-describedby={precisionLocked ? `${id}-precision-hint` : undefined}
            onChange={(e) => set({ ...fields, precision: e.target.value })}
          />,
        )}
        {field(
          'max_price_age_seconds',
          <input
            id={`${id}-max_price_age_seconds`}
            className={ui.input}
            type="number"
            min={2}
            max={3600}
            value={fields.max_price_age_seconds}
            onChange={(e) => set({ ...fields, max_price_age_seconds: e.target.value })}
          />,
        )}
      </div>
      {precisionLocked && (
        <p id={`${id}-precision-hint`} className={ui.hint}>
          {t('products.precisionLocked')}
        </p>
      )}
      <label className={ui.checkRow}>
        <input type="checkbox" checked={fields.hot} onChange={(e) => set({ ...fields, hot: e.target.checked })} />
        {t('products.fields.hot')}
      </label>
    </>
  );
}

function ProductDetail({ product: p, onDone }: { product: AdminProduct; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const [update] = useUpdateProductMutation();
  const [setForbidden] = useSetForbiddenMutation();
  const initial: Fields = {
    name: p.name,
    source: p.source,
    source_symbol: p.source_symbol ?? '',
    precision: String(p.precision),
    max_price_age_seconds: String(p.max_price_age_seconds),
    hot: p.hot,
  };
  const [fields, setFields] = useState(initial);
  const [asking, setAsking] = useState<'save' | 'forbid' | null>(null);
  const changed = JSON.stringify(fields) !== JSON.stringify(initial);

  return (
    <>
      <div className={page.detailHeader}>
        <h2 className={ui.panelTitle}>{p.symbol}</h2>
        <SourceBadge product={p} />
        <StateBadge product={p} />
        <div className={page.toolbar} style={{ marginInlineStart: 'auto' }}>
          <button
            type="button"
            className={`${ui.button} ${p.forbidden ? '' : ui.danger}`}
            onClick={() => setAsking('forbid')}
          >
            {t(p.forbidden ? 'products.allow' : 'products.forbid')}
          </button>
        </div>
      </div>
      <div className={page.detailBody}>
        <dl className={page.facts}>
          <dt>{t('products.class')}</dt>
          <dd>{t(`products.classes.${p.class}`)}</dd>
          <dt>{t('products.session')}</dt>
          <dd>{t(`products.sessions.${p.session}`, { defaultValue: p.session })}</dd>
          <dt>{t('products.price')}</dt>
          <dd>{p.price ?? '—'}</dd>
          <dt>{t('products.pinned')}</dt>
          <dd>{t(p.source_pinned ? 'products.pinnedYes' : 'products.pinnedNo')}</dd>
        </dl>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (changed) setAsking('save');
          }}
          style={{ display: 'grid', gap: 12 }}
        >
          <ProductFields id="edit" fields={fields} set={setFields} precisionLocked={p.price !== null} />
          <div className={ui.actions}>
            <button type="button" className={ui.button} onClick={() => setFields(initial)} disabled={!changed}>
              {t('products.undo')}
            </button>
            <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={!changed}>
              {t('products.save')}
            </button>
          </div>
        </form>
        <TermsPanel symbol={p.symbol} onDone={onDone} />
      </div>
      {asking === 'save' && (
        <ReasonDialog
          title={t('products.confirmSave', { symbol: p.symbol })}
          confirmLabel={t('products.save')}
          onClose={() => setAsking(null)}
          onConfirm={async (reason) => {
            await update({
              symbol: p.symbol,
              reason,
              ...(fields.name !== initial.name ? { name: fields.name } : {}),
              ...(fields.source !== initial.source ? { source: fields.source as MarketSource } : {}),
              ...(fields.source_symbol !== initial.source_symbol
                ? { source_symbol: fields.source_symbol.trim() || null }
                : {}),
              ...(fields.precision !== initial.precision ? { precision: Number(fields.precision) } : {}),
              ...(fields.max_price_age_seconds !== initial.max_price_age_seconds
                ? { max_price_age_seconds: Number(fields.max_price_age_seconds) }
                : {}),
              ...(fields.hot !== initial.hot ? { hot: fields.hot } : {}),
            }).unwrap();
            onDone(t('products.saved', { symbol: p.symbol }));
          }}
        />
      )}
      {asking === 'forbid' && (
        <ReasonDialog
          title={t(p.forbidden ? 'products.confirmAllow' : 'products.confirmForbid', { symbol: p.symbol })}
          confirmLabel={t(p.forbidden ? 'products.allow' : 'products.forbid')}
          tone={p.forbidden ? 'primary' : 'danger'}
          onClose={() => setAsking(null)}
          onConfirm={async (reason) => {
            await setForbidden({ symbol: p.symbol, forbidden: !p.forbidden, reason }).unwrap();
            onDone(t(p.forbidden ? 'products.allowed' : 'products.forbiddenDone', { symbol: p.symbol }));
          }}
        />
      )}
    </>
  );
}

function AddProductDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (p: AdminProduct) => void }) {
  const { t } = useTranslation();
  const [create] = useCreateProductMutation();
  const [symbol, setSymbol] = useState('');
  const [cls, setCls] = useState<AdminProductCreate['class']>('crypto');
  const [session, setSession] = useState<AdminProductCreate['session']>('24x7');
  const [seedPrice, setSeedPrice] = useState('');
  const [fields, setFields] = useState<Fields>({
    name: '',
    source: 'simulator',
    source_symbol: '',
    precision: '2',
    max_price_age_seconds: '15',
    hot: false,
  });
  return (
    <ReasonDialog
      title={t('products.addTitle')}
      confirmLabel={t('products.add')}
      onClose={onClose}
      onConfirm={async (reason) => {
        const added = await create({
          reason,
          symbol: symbol.trim().toUpperCase(),
          name: fields.name.trim(),
          class: cls,
          session,
          precision: Number(fields.precision),
          source: fields.source as MarketSource,
          source_symbol: fields.source_symbol.trim() || null,
          seed_price: seedPrice.trim(),
          max_price_age_seconds: Number(fields.max_price_age_seconds),
          hot: fields.hot,
        }).unwrap();
        onAdded(added);
      }}
    >
      <div className={page.formRow}>
        <Field id="product-symbol" label={t('products.symbol')}>
          <input
            id="product-symbol"
            className={`${ui.input} ${page.mono}`}
            value={symbol}
            maxLength={20}
            placeholder="ADA/USDT"
            onChange={(e) => setSymbol(e.target.value)}
          />
        </Field>
        <Field id="product-class" label={t('products.class')}>
          <select
            id="product-class"
            className={ui.input}
            value={cls}
            onChange={(e) => setCls(e.target.value as AdminProductCreate['class'])}
          >
            {PRODUCT_CLASSES.map((c) => (
              <option key={c} value={c}>
                {t(`products.classes.${c}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="product-session" label={t('products.session')}>
          <select
            id="product-session"
            className={ui.input}
            value={session}
            onChange={(e) => setSession(e.target.value as AdminProductCreate['session'])}
          >
            {SESSIONS.map((s) => (
              <option key={s} value={s}>
                {t(`products.sessions.${s}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <ProductFields id="add" fields={fields} set={setFields} />
      <Field id="product-seed" label={t('products.seedPrice')}>
        <input
          id="product-seed"
          className={ui.input}
          inputMode="decimal"
          value={seedPrice}
          onChange={(e) => setSeedPrice(e.target.value)}
        />
        <span className={ui.hint}>{t('products.seedPriceHint')}</span>
      </Field>
    </ReasonDialog>
  );
}
