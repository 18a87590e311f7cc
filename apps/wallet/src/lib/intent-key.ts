/** One idempotency key per user intent: a retried submit of the same form reuses it. */
export function newIntentKey(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return 'w' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
