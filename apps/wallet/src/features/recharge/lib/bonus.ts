/** The recharge bonus for an amount, in U with 2 decimals, computed like the server (rounded down). */
export function bonusFor(amount: string, bonusPct: string): string | null {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(amount.trim())) return null;
  const [w, fr = ''] = amount.trim().split('.');
  const cents = BigInt(w! + fr.padEnd(2, '0'));
  const [pw, pf = ''] = bonusPct.split('.');
  const bp = BigInt(pw! + pf.padEnd(2, '0').slice(0, 2));
  const bonus = (cents * bp) / 10_000n;
  const s = bonus.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}
