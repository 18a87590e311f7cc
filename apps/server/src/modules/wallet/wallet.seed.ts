import bs58check from 'bs58check';
import type { Db } from '../../platform/db/client.ts';
import { rechargeChannels } from './wallet.table.ts';

/** TRON's all-zero account (a burn address): valid, owned by nobody, so a demo channel can never collect money. */
const DEMO_TRON_ADDRESS = bs58check.encode(Uint8Array.from([0x41, ...new Array<number>(20).fill(0)]));

/**
 * One recharge channel of each kind, named as a user reads it ("Bank transfer", "USDT TRC20"), with placeholder
 * details (a burn address, an example bank). They are enabled only with the
 * demo data (SEED_DEMO); otherwise they are added disabled, for operators to fill in and enable
 * (`pnpm ops channels ...`). Seeded once: an operator's later changes are never overwritten.
 */
export async function seedRechargeChannels(db: Db, options: { demo: boolean }) {
  const enabled = options.demo;
  await db
    .insert(rechargeChannels)
    .values([
      {
        seedKey: 'bank',
        kind: 'bank',
        name: 'Bank transfer',
        bankName: 'Demo Bank',
        account: '6222000011112222333',
        holder: 'Demo Payee Ltd',
        minAmount: 10_000n,
        maxAmount: 5_000_000n,
        bonusBp: 0,
        enabled,
        sort: 1,
      },
      {
        seedKey: 'usdt-trc20',
        kind: 'crypto',
        name: 'USDT TRC20',
        currency: 'USDT',
        network: 'TRC20',
        address: DEMO_TRON_ADDRESS,
        minAmount: 1_000n,
        maxAmount: 10_000_000n,
        bonusBp: 100,
        enabled,
        sort: 2,
      },
      {
        seedKey: 'alipay',
        kind: 'alipay',
        name: 'Alipay',
        account: 'demo-payee@example.com',
        holder: 'Demo Payee',
        minAmount: 10_000n,
        maxAmount: 1_000_000n,
        bonusBp: 0,
        enabled,
        sort: 3,
      },
      {
        seedKey: 'wechat',
        kind: 'wechat',
        name: 'WeChat Pay',
        account: 'demo_payee',
        holder: 'Demo Payee',
        minAmount: 10_000n,
        maxAmount: 1_000_000n,
        bonusBp: 0,
        enabled,
        sort: 4,
      },
    ])
    .onConflictDoNothing({ target: rechargeChannels.seedKey });
}
