// The verifier's core: browser-safe (WebCrypto, no Buffer), used by the trade remote's "Verify this order" and by
// the command-line verifier (src/cli.ts).
export * from './bytes.ts';
export * from './rfc6962.ts';
export * from './entries.ts';
export * from './order-proof.ts';
export * from './liabilities.ts';
