/** Copies text, refusing empty content (the spec's "copy failed" case) the same way as a denied clipboard. */
export async function copyText(text: string): Promise<void> {
  if (!text.trim()) throw new Error('empty');
  await navigator.clipboard.writeText(text);
}
