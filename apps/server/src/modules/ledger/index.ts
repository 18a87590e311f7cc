// The ledger module's face: the only writer of money. Its tables stay inside (eslint.config.js).
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export {
  HOUSE_PURPOSES,
  HOUSE_SHARDS,
  PRACTICE_ASSET,
  houseAccount,
  houseShard,
  userAccount,
} from './account-codes.ts';
export { verifyLedger } from './ledger-verify.ts';
export { journalsByReference, type JournalLines } from './journal-lines.ts';
export {
  balanceSql,
  balancesOf,
  ensureAccounts,
  lockedBalance,
  postJournal,
  postJournalOnce,
  postJournals,
  type JournalInput,
  type Transfer,
} from './ledger.service.ts';
export {
  countUserEntries,
  userEntries,
  userHoldings,
  userNetChange,
  type KindSet,
  type UserEntry,
  type UserEntryQuery,
} from './user-entries.ts';
export {
  houseBalanceChange,
  houseMovements,
  userBucketSumsByGroup,
  userBucketSumsByReference,
  type HouseMovement,
  type Window,
} from './house-sums.ts';
export { houseUsdBalance, userCoinBalances, userLiabilities } from './user-liabilities.ts';
export type { HousePurpose } from './account-codes.ts';
export { adminLedgerRoutes } from './ledger.admin.routes.ts';
