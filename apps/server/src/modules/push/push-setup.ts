import type { Config } from '../../platform/config/env.ts';
import { DEFAULT_PUSH_SERVICES, pushServiceRule, type PushServiceRule } from './push-services.ts';
import { loadVapidKeys, type VapidKeys } from './vapid.ts';

/**
 * The node's push settings from its configuration: the VAPID keys, read (or made under DATA_DIR) at first use, so a
 * server that never meets push never writes a key; and which push services it posts to.
 */
export function pushSetup(config: Pick<Config, 'dataDir' | 'push'>): {
  vapid: () => VapidKeys;
  allowed: PushServiceRule;
} {
  let keys: VapidKeys | undefined;
  return {
    vapid: () => (keys ??= loadVapidKeys(config.dataDir, config.push.subject, config.push.privateKey)),
    allowed: pushServiceRule(config.push.services ?? DEFAULT_PUSH_SERVICES),
  };
}
