/**
 * Wakes this node's copy job as soon as a leader order with followers has committed, instead of waiting for
 * its next poll. Only a shortcut: the job polls anyway, so a wake lost (another node, a crash) costs latency,
 * never a copy.
 */
const listeners = new Set<() => void>();

export function onCopyWake(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function wakeCopyJob(): void {
  for (const listener of listeners) listener();
}
