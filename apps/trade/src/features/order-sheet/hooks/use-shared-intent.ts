import { IntentKey } from '../lib/intent-key.ts';

/**
 * The intent outlives the sheet: a user who closes the sheet after a timeout and sends the same order again
 * reuses the key, so the server cannot open it twice.
 */
const intent = new IntentKey();

export function sharedIntent(): IntentKey {
  return intent;
}
