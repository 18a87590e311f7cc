import { bpToPct, formatMoney, type ContractTerms } from '@app/contracts';
import type { TermsRow } from './market.repository.ts';

export function toTerms(row: TermsRow): ContractTerms {
  return {
    seconds: row.seconds,
    payout_pct: bpToPct(row.payoutBp),
    loss_pct: bpToPct(row.lossBp),
    fee_pct: bpToPct(row.feeBp),
    min_amount: formatMoney(row.minStake),
    max_amount: formatMoney(row.maxStake),
    max_open_amount: formatMoney(row.maxOpenStake),
    presets: row.presets.map((p) => formatMoney(BigInt(p))),
  };
}
