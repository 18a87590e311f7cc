import { OPERATOR_ROLES, roleWithin, type OperatorRole } from '@app/contracts';

/** The roles a token may have: none wider than its operator's own. */
export const tokenRolesFor = (own: OperatorRole): OperatorRole[] =>
  OPERATOR_ROLES.filter((role) => roleWithin(role, own));
