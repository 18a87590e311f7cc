import { sql, type SQL } from 'drizzle-orm';

/**
 * What "everything the platform holds about a user" is, section by section: each a file of the export. Columns are
 * named one by one so that nothing secret leaves (password and fund-password hashes, session tokens, the
 * authenticator's secret, passkeys' keys, recovery codes, document numbers and their hashes, push keys, uploaded
 * bytes), and a new column is not exported until someone decides it should be. `money` columns are integer cents
 * in the tables and U with two decimals in the files.
 */
export type ExportSection = { name: string; query: (userId: number) => SQL; money?: readonly string[] };

export const EXPORT_SECTIONS: readonly ExportSection[] = [
  {
    name: 'profile',
    query: (u) => sql`
      SELECT id, account, phone, invite_code, inviter_id, real_name_state, is_vip, locked, frozen_at, lang, created_at,
             password_changed_at, second_factor_on_at, has_authenticator, passkey_count, anti_phishing_code
      FROM users WHERE id = ${u}`,
  },
  {
    name: 'real_name',
    // The name and the kind of document; never its number, masked or hashed.
    query: (u) => sql`
      SELECT id, real_name, doc_type, state, reason, created_at, decided_at FROM kyc_submissions
      WHERE user_id = ${u} ORDER BY id`,
  },
  {
    name: 'orders',
    query: (u) => sql`
      SELECT o.id, p.symbol, o.direction, o.mode, o.stake, o.fee, o.seconds, o.payout_bp, o.loss_bp, o.fee_bp,
             o.open_time, o.open_price, o.settle_time, o.settle_price, o.status, o.result, o.payout, o.created_at,
             o.settled_at
      FROM contract_orders o JOIN products p ON p.id = o.product_id WHERE o.user_id = ${u} ORDER BY o.id`,
    money: ['stake', 'fee', 'payout'],
  },
  {
    name: 'statement',
    query: (u) => sql`
      SELECT e.id, j.kind, j.reference, a.code AS account, e.asset, e.amount, e.balance_after, e.created_at
      FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_journals j ON j.id = e.journal_id
      WHERE a.user_id = ${u} ORDER BY e.id`,
    // Coin accounts hold coin units, not cents: only the USD rows are money (formatted where asset is USD).
    money: ['amount', 'balance_after'],
  },
  {
    name: 'deposits',
    query: (u) => sql`
      SELECT id, status, channel_name, amount, payer_name, transfer_note, reference_code, reason, credited_at, created_at
      FROM deposits WHERE user_id = ${u} ORDER BY id`,
    money: ['amount'],
  },
  {
    name: 'withdrawals',
    query: (u) => sql`
      SELECT id, kind, destination, amount, fee, received, status, reason, reviewed_at, created_at
      FROM withdrawals WHERE user_id = ${u} ORDER BY id`,
    money: ['amount', 'fee', 'received'],
  },
  {
    name: 'exchanges',
    query: (u) => sql`
      SELECT id, direction, coin, price, price_precision, cash_amount, coin_amount, fee, created_at
      FROM exchanges WHERE user_id = ${u} ORDER BY id`,
    money: ['cash_amount', 'fee'],
  },
  {
    name: 'payment_methods',
    query: (u) => sql`
      SELECT id, kind, account, holder, bank_name, branch, currency, network, created_at, removed_at
      FROM payment_methods WHERE user_id = ${u} ORDER BY id`,
  },
  {
    name: 'withdraw_allowlist',
    query: (u) => sql`SELECT on_since, off_requested_at FROM withdraw_allowlists WHERE user_id = ${u}`,
  },
  {
    name: 'plans',
    query: (u) => sql`
      SELECT id, plan_id, title, status, rate_bp, period_days, committed_amount, first_day, last_day, renew, created_at,
             settled_at
      FROM invest_holdings WHERE user_id = ${u} ORDER BY id`,
    money: ['committed_amount'],
  },
  {
    name: 'plan_orders',
    query: (u) => sql`
      SELECT id, holding_id, title, kind, amount, interest, forfeited, created_at
      FROM invest_orders WHERE user_id = ${u} ORDER BY id`,
    money: ['amount', 'interest', 'forfeited'],
  },
  {
    name: 'yuebao_moves',
    query: (u) => sql`
      SELECT id, kind, amount, instant, next_day, arrives_day, status, created_at
      FROM invest_flex_moves WHERE user_id = ${u} ORDER BY id`,
    money: ['amount', 'instant', 'next_day'],
  },
  {
    name: 'price_alerts',
    query: (u) => sql`
      SELECT a.id, p.symbol, a.kind, a.direction, a.status, a.created_at, a.fired_at
      FROM price_alerts a JOIN products p ON p.id = a.product_id WHERE a.user_id = ${u} ORDER BY a.id`,
  },
  {
    name: 'copy_trading',
    query: (u) => sql`
      SELECT id, leader_id, status, stopped_reason, stake_mode, amount, max_amount, daily_loss, created_at, updated_at
      FROM copy_subscriptions WHERE user_id = ${u} ORDER BY id`,
    money: ['amount', 'max_amount', 'daily_loss'],
  },
  {
    name: 'limits',
    query: (u) => sql`
      SELECT limits, pending, reality_minutes, excluded_until, exclusion_kind, excluded_at, updated_at
      FROM user_limits WHERE user_id = ${u}`,
  },
  {
    name: 'messages',
    query: (u) => sql`
      SELECT id, kind, params, read_at, created_at FROM inbox_messages WHERE user_id = ${u} ORDER BY id`,
  },
  {
    name: 'support',
    query: (u) => sql`
      SELECT id, author, topic, body, created_at FROM support_messages WHERE user_id = ${u} ORDER BY id`,
  },
  {
    name: 'cases',
    query: (u) => sql`
      SELECT id, kind, item_id, text, state, outcome, reason, amount, created_at, decided_at
      FROM user_cases WHERE user_id = ${u} ORDER BY id`,
    money: ['amount'],
  },
  {
    name: 'operator_notes',
    // What operators wrote about the user and the tags they gave, removed notes included (with why).
    query: (u) => sql`
      SELECT 'note' AS kind, id::text AS item, operator AS by, body, created_at, removed_at, remove_reason
      FROM user_notes WHERE user_id = ${u}
      UNION ALL
      SELECT 'tag', tag, added_by, NULL, added_at, NULL, NULL FROM user_tags WHERE user_id = ${u}
      ORDER BY created_at, item`,
  },
  {
    name: 'sessions',
    query: (u) => sql`
      SELECT id, ip, created_at, last_seen_at, expires_at, revoked_at FROM sessions WHERE user_id = ${u} ORDER BY id`,
  },
  {
    name: 'logins',
    query: (u) => sql`
      SELECT id, kind, ip, user_agent, created_at FROM login_records WHERE user_id = ${u} ORDER BY id`,
  },
  {
    name: 'freezes',
    // The user's own freezes; an operator's are among the operator actions.
    query: (u) => sql`
      SELECT id, session_id, ip, already_frozen_since, signed_out, created_at FROM self_freezes
      WHERE user_id = ${u} ORDER BY id`,
  },
  {
    name: 'devices',
    query: (u) => sql`
      SELECT id, label, created_at, last_sent_at FROM push_subscriptions WHERE user_id = ${u} ORDER BY id`,
  },
  {
    name: 'passkeys',
    query: (u) => sql`
      SELECT id, name, created_at, last_used_at FROM user_passkeys WHERE user_id = ${u} ORDER BY id`,
  },
  {
    name: 'checkins',
    query: (u) => sql`SELECT day, amount, streak, created_at FROM checkins WHERE user_id = ${u} ORDER BY day`,
    money: ['amount'],
  },
  {
    name: 'uploads',
    query: (u) => sql`
      SELECT id, purpose, mime, size, created_at FROM uploads WHERE user_id = ${u} ORDER BY id`,
  },
  {
    name: 'operator_actions',
    // What operators did to the account (locks, freezes, resets, adjustments), by whom and why.
    query: (u) => sql`
      SELECT id, operator, action, reason, created_at FROM audit_log WHERE target = ${`user:${u}`} ORDER BY id`,
  },
];
