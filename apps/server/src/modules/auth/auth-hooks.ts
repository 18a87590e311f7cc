import type { Db } from '../../platform/db/client.ts';
import { Hook } from '../../platform/events/hook.ts';
import type { MessageSender } from '../../platform/messaging/message-sender.ts';

/**
 * A session that a login or a registration has just opened, with where it came from, and the node's SMS sender
 * (a sign-in on a new device is told by SMS too).
 */
export type SessionOpened = {
  token: string;
  kind: 'login' | 'register';
  ip: string;
  userAgent: string | undefined;
  sender: MessageSender;
};

/**
 * What other modules do when someone logs in. The security module keeps the login history and stands above auth
 * (it lists and ends sessions), so it fills this hook when its face loads (modules/security/index.ts).
 */
export const authHooks = {
  /** Awaited before the login or registration answers, as the record was before. */
  sessionOpened: new Hook<[db: Db, opened: SessionOpened]>('sessionOpened'),
};
