/**
 * One idempotency key per user intent: the same key while the user retries the same move (a timeout, a lost
 * answer), so the server applies it at most once; a new key as soon as the terms change or the move went through.
 */
export class IntentKey {
  private key: string | null = null;
  private signature: string | null = null;

  constructor(private readonly generate: () => string = newIdempotencyKey) {}

  /** The key for these terms: the same as last time if the terms are the same and it was not used up. */
  for(signature: string): string {
    if (this.key === null || signature !== this.signature) {
      this.signature = signature;
      this.key = this.generate();
    }
    return this.key;
  }

  /** The move went through: the next one is another intent. */
  consumed(): void {
    this.key = null;
    this.signature = null;
  }
}

/** 32 hex characters from the browser's CSPRNG (randomUUID needs a secure context; this does not). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
