// The users module's face: the user record and its summary.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { userRoutes } from './users.routes.ts';
export { findUser, findUserByIdentifier, userInfo } from './users.service.ts';
export {
  createUser,
  findUserByPhone,
  lockUserRow,
  setFundPasswordHash,
  setLoginPasswordHash,
  setRealNameState,
  setAntiPhishingCode,
  setAccountFrozen,
  closeUserRow,
  assertAccountOpen,
  closedPseudonym,
  setSecondFactors,
  setUserInviteCode,
  setUserLanguage,
  setUserLockedFlag,
  type NewUser,
  type UserRow,
} from './user-records.ts';
export { invitedUsers } from './invited-users.ts';
export { listUsersForOperator, toAdminUser, userProfileForOperator } from './operator-view.ts';
export { accountOf, lockedOf, userIs, userTagByPhone } from './user-filter.ts';
export { searchUsersForOperator, userSearchSummaries, type UserKeyHit, type UserSearchSummary } from './user-search.ts';
export { totalAssets } from './total-assets.service.ts';
