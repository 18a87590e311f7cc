import type { Language } from '@app/contracts';
import type { DbOrTx } from '../db/client.ts';

/**
 * The wording an operator chose for what a user reads of their act (a refusal's reason, a support answer): a reply
 * template (modules/reply-templates) rendered for that user in their language. The modules that act take this
 * shape, never the templates module itself.
 */
export type UserWording = {
  template: { id: number; name: string };
  textFor: (tx: DbOrTx, userId: number | null) => Promise<{ lang: Language; text: string }>;
};

/**
 * What the user is told: the wording rendered for them, or `typed` (the operator's own text) when none was chosen;
 * `audited` is what the act's audit row adds to say so (the template, the language and the text the user read).
 */
export async function toldUser(
  tx: DbOrTx,
  wording: UserWording | undefined,
  userId: number | null,
  typed: string,
): Promise<{ text: string; audited: Record<string, unknown> }> {
  if (!wording) return { text: typed, audited: {} };
  const told = await wording.textFor(tx, userId);
  return { text: told.text, audited: { template: wording.template, told_lang: told.lang, told: told.text } };
}
