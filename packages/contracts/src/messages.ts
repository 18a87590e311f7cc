/**
 * The message catalogue's keys and the body code each one answers with.
 * The texts live in packages/i18n (namespace `errors`), one file per language: errors.json for what the app
 * shows, server-only.json for what only the server renders (operator refusals, SMS bodies); a test there
 * fails when a key below has no text in some language.
 */
export const MESSAGE_CODES = {
  // successes
  ok: 200,
  registered: 200,
  login_succeeded: 200,
  logged_out: 200,
  code_sent: 200,
  verification_succeeded: 200,
  realname_success: 200,
  realname_submitted: 200,
  added: 200,
  deleted: 200,
  operation_succeeded: 200,
  withdrawal_submitted: 200,
  copied: 200,
  topup_success: 200,
  password_changed: 200,
  fund_password_set: 200,
  // the text of the SMS that carries a verification code (not a response)
  sms_code_text: 200,
  sms_reset_login_text: 200,
  sms_reset_fund_text: 200,
  // the line our SMS and inbox messages start with once the user set an anti-phishing code (not a response)
  anti_phishing_line: 200,
  // the SMS that tells of a sign-in on a new device (not a response)
  sms_new_device_text: 200,
  account_frozen_now: 200,
  allowlist_on: 200,
  allowlist_turning_off: 200,
  account_closed_now: 200,
  // a push notification's texts (not responses): an order's result, a copy placed
  push_order_win: 200,
  push_order_loss: 200,
  push_order_draw: 200,
  push_order_void: 200,
  push_order_body: 200,
  push_direction_up: 200,
  push_direction_down: 200,
  push_copy_fill: 200,
  push_copy_fill_body: 200,

  // sessions
  login_required: 401,
  session_expired: 401,

  // forms
  please_fill_in: 400,
  invalid_request: 400,
  enter_account: 400,
  enter_correct_username: 400,
  enter_password: 400,
  password_length: 400,
  password_too_common: 400,
  passwords_differ: 400,
  enter_phone: 400,
  phone_invalid: 400,
  enter_verification_code: 400,
  wrong_verification_code: 400,
  verification_code_expired: 400,
  code_resend_too_soon: 429,
  code_daily_limit: 429,
  enter_invitation_code: 400,
  invalid_inviter: 400,
  agreement_required: 400,
  enter_old_password: 400,
  old_password_wrong: 400,

  // login and registration
  account_already_registered: 409,
  phone_already_registered: 409,
  registration_failed: 500,
  user_not_found: 404,
  wrong_password: 400,
  account_locked: 403,
  too_many_attempts: 429,
  once_a_day: 409,

  // fund password
  fund_password_wrong: 400,
  fund_passwords_differ: 400,
  fund_password_required: 400,

  // real name and bank
  already_verified: 409,
  id_number_exists: 409,
  real_name_under_review: 409,
  name_wrong: 400,
  name_in_chinese: 400,
  id_number_wrong: 400,
  bank_card_exists: 409,

  // generic
  operation_failed: 500,
  addition_failed: 500,
  network_error: 503,
  no_data: 404,
  verification_failed: 400,
  not_found: 404,
  too_many_requests: 429,
  payload_too_large: 413,
  idempotency_conflict: 409,
  idempotency_in_progress: 409,
  system_error: 500,
  // the database did not answer in time: nothing was changed, the request can be retried
  system_busy: 503,

  // withdraw
  set_alipay_first: 422,
  bind_bank_card_first: 422,
  withdraw_time_limit: 422,
  withdraw_times_limit: 422,
  withdraw_amount_limit: 422,

  // wallet: payment methods, uploads, recharge, withdraw, exchange, operator review
  recharge_submitted: 200,
  upload_required: 400,
  upload_too_large: 413,
  upload_type_invalid: 415,
  card_number_invalid: 400,
  wallet_address_invalid: 400,
  wallet_network_mismatch: 400,
  wallet_address_exists: 409,
  method_locked: 409,
  message_language_changed: 409,
  method_in_use: 409,
  bind_wallet_first: 422,
  set_wechat_first: 422,
  channel_unavailable: 422,
  recharge_amount_limit: 422,
  amount_not_number: 422,
  amount_not_positive: 422,
  amount_too_precise: 422,
  exchange_over_balance: 422,
  withdraw_on_hold: 422,
  withdraw_daily_amount_limit: 422,
  quote_expired: 409,
  price_unavailable: 422,
  review_already_decided: 409,
  second_operator_required: 409,
  first_approval_lapsed: 409,
  change_proposed: 200,
  change_already_pending: 409,
  held_change_outdated: 409,
  permission_denied: 403,
  operators_exist: 409,
  operator_name_taken: 409,
  password_reset_not_open: 400,
  password_reset_done: 200,

  // second factor (authenticator app, recovery codes) and step-up
  second_factor_required: 403,
  second_factor_wrong: 400,
  authenticator_already_on: 409,
  authenticator_not_started: 409,
  authenticator_on: 200,
  authenticator_off: 200,
  passkey_added: 200,
  passkey_removed: 200,
  passkey_renamed: 200,
  passkey_failed: 400,
  passkey_unknown: 400,
  passkey_none: 409,
  passkey_limit: 409,
  passkey_name_invalid: 422,
  anti_phishing_invalid: 422,
  anti_phishing_set: 200,

  // trade
  product_not_found: 404,
  non_trading_time: 422,
  prices_starting: 422,
  price_delayed: 422,
  precision_locked: 409,
  product_exists: 409,
  trading_forbidden: 422,
  holding_max_amount: 422,
  single_max_min: 422,
  balance_insufficient: 422,
  amount_min: 422,
  amount_max: 422,
  topup_failure: 422,

  // invest (Yuebao plans)
  plan_bought: 200,
  plan_topped_up: 200,
  plan_renewal_on: 200,
  plan_renewal_off: 200,
  plan_stopped: 200,
  plan_not_found: 404,
  plan_not_started: 422,
  plan_ended: 422,
  plan_paused: 422,
  plan_sold_out: 422,
  plan_over_remaining: 422,
  plan_amount_min: 422,
  plan_personal_cap: 422,
  plan_already_investing: 409,
  holding_not_active: 409,
  plan_topup_too_late: 422,
  plan_renew_unavailable: 422,
  // the flexible balance
  flex_moved_in: 200,
  flex_moved_out: 200,
  flex_out_over_balance: 422,
  flex_out_terms_changed: 409,
  flex_rate_too_soon: 422,

  // trading v2: practice account and price alerts
  practice_reset_done: 200,
  practice_reset_used: 409,
  alert_created: 200,
  alert_limit: 422,
  alert_not_found: 404,
  // content, check-in, customer service
  checkin_done: 200,
  support_sent: 200,
  support_message_too_long: 400,
  support_ticket_expired: 401,
  // copy trading (follow-trade)
  copy_leading: 200,
  copy_retired: 200,
  copy_followed: 200,
  copy_paused: 200,
  copy_resumed: 200,
  copy_stopped: 200,
  copy_name_invalid: 400,
  copy_description_too_long: 400,
  copy_amount_required: 400,
  copy_cap_below_amount: 400,
  copy_leader_not_found: 404,
  copy_subscription_not_found: 404,
  copy_follow_self: 422,
  copy_leader_retired: 422,
  copy_not_leader: 409,
  copy_subscription_stopped: 409,
  // why a copy was skipped (shown in the follower's follow-trade orders)
  copy_over_cap: 422,
  copy_filtered_product: 422,
  copy_filtered_period: 422,
  copy_daily_loss_stop: 422,
  // the public transparency log
  log_range_invalid: 400,
  // 404, not 503: no head exists yet (the API answers 5xx only when it failed), and one will within seconds
  log_not_started: 404,
  copy_too_late: 422,
  copy_not_active: 422,
  // limits a user sets on themselves, time-outs and self-exclusion (modules/limits)
  limit_reached: 422,
  self_excluded: 403,
  limit_not_due: 409,
  limit_nothing_pending: 404,
  exclusion_shorter: 409,
  reality_too_short: 422,
  // each limit's name, nested into limit_reached's text
  limit_deposit_day: 422,
  limit_deposit_week: 422,
  limit_deposit_month: 422,
  limit_loss_day: 422,
  limit_loss_week: 422,
  limit_loss_month: 422,
  limit_turnover_day: 422,
  limit_turnover_week: 422,
  limit_turnover_month: 422,
  limit_max_stake: 422,
  limit_open_orders: 422,
  limit_session_minutes: 422,
  // what frees a reached limit, nested into limit_reached's text
  limit_frees_window: 422,
  limit_frees_settle: 422,
  limit_frees_stake: 422,
  limit_frees_session: 422,
  // web push
  push_service_refused: 422,
  // a frozen account (the user's freeze or customer service's) moves no money out
  account_frozen: 423,
  // withdrawal allow-list mode: the method is younger than the allow-list's hold
  withdraw_allowlist_hold: 422,
  // closing an account: what must be done first, one key per kind (CLOSURE_BLOCKERS)
  close_blocked_cash: 409,
  close_blocked_withdrawal: 409,
  close_blocked_deposit: 409,
  close_blocked_plans: 409,
  close_blocked_flexible: 409,
  close_blocked_coins: 409,
  close_blocked_orders: 409,
  close_blocked_leading: 409,
  // an operator act on an account its user closed
  account_closed: 409,
  // cases and disputes (modules/cases)
  case_opened: 200,
  case_item_invalid: 400,
  case_text_too_short: 400,
  case_text_too_long: 400,
  case_not_contestable: 422,
  case_already_open: 409,
  // reply templates (modules/reply-templates): an operator's pick that no longer exists or is for another act
  template_not_found: 404,
  template_not_for_act: 422,
  template_name_taken: 409,
} as const;

export type MessageKey = keyof typeof MESSAGE_CODES;

export const MESSAGE_KEYS = Object.keys(MESSAGE_CODES) as MessageKey[];

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(MESSAGE_CODES, value);
}

export function codeOf(key: MessageKey): number {
  return MESSAGE_CODES[key];
}
