// The ledger module's face: the only writer of money. Its tables stay inside (eslint.config.js).
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { HOUSE_PURPOSES, PRACTICE_ASSET, houseAccount, houseShard, userAccount } from './account-codes.ts';
export { verifyLedger } from './ledger-verify.ts';
export {
  balancesOf,
  ensureAccounts,
  lockedBalance,
  postJournal,
  postJournals,
  type JournalInput,
} from './ledger.service.ts';
export { countUserEntries, userEntries, type KindSet, type UserEntry, type UserEntryQuery } from './user-entries.ts';
