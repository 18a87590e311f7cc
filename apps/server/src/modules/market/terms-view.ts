import { bpToPct, formatMoney, type ContractTerms } from '@app/contracts';
import type { ProductRow, TermsRow } from './market.repository.ts';

/** The product's second-source rule, as every order of it is placed under (null: none). */
export type ReferenceOfProduct = Pick<
  ProductRow,
  'referenceSource' | 'referenceToleranceBp' | 'referenceMaxAgeSeconds'
>;

export function toTerms(row: TermsRow, product?: ReferenceOfProduct): ContractTerms {
  return {
    seconds: row.seconds,
    payout_pct: bpToPct(row.payoutBp),
    loss_pct: bpToPct(row.lossBp),
    fee_pct: bpToPct(row.feeBp),
    min_amount: formatMoney(row.minStake),
    max_amount: formatMoney(row.maxStake),
    max_open_amount: formatMoney(row.maxOpenStake),
    presets: row.presets.map((p) => formatMoney(BigInt(p))),
    ...(product
      ? {
          reference:
            product.referenceSource === null || product.referenceToleranceBp === null
              ? null
              : {
                  source: product.referenceSource,
                  tolerance_pct: bpToPct(product.referenceToleranceBp),
                  max_age_seconds: product.referenceMaxAgeSeconds,
                },
        }
      : {}),
  };
}
