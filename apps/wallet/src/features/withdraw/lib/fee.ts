import { formatMoney, parseMoney, withdrawFee } from '@app/contracts';

/** Fee and amount received for an amount typed in the form, exactly as the server will compute them. */
export function feeAndReceived(
  amount: string,
  feePct: string,
  feeMin: string,
): { fee: string; received: string } | null {
  const units = parseMoney(amount);
  const min = parseMoney(feeMin);
  if (units === null || units <= 0n || min === null) return null;
  const bp = Math.round(Number(feePct) * 100);
  const fee = withdrawFee(units, bp, min);
  return { fee: formatMoney(fee), received: formatMoney(units - fee) };
}
