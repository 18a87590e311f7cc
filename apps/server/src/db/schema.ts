export * from '../modules/users/users.table.ts';
export * from '../modules/auth/auth.table.ts';
export * from '../modules/messaging/outbox.table.ts';
export * from '../modules/invites/invites.table.ts';
export * from '../modules/audit/audit.table.ts';
export * from '../modules/idempotency/idempotency.table.ts';
export * from '../modules/ledger/ledger.table.ts';
