import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Operator, OperatorRole } from '@app/contracts';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { RoleSelect } from '../../../components/role-select.tsx';
import type { ConsoleError } from '../../../lib/api.ts';
import { useChangeRoleMutation } from '../api/operators-api.ts';

/** An admin gives another operator a different role, with a reason (audited with the role before and after). */
export function RoleDialog({ operator, onClose }: { operator: Operator; onClose: () => void }) {
  const { t } = useTranslation();
  const [role, setRole] = useState<OperatorRole>(operator.role);
  const [changeRole] = useChangeRoleMutation();
  return (
    <ReasonDialog
      title={t('operators.roleTitle', { name: operator.name })}
      confirmLabel={t('operators.changeRole')}
      onClose={onClose}
      onConfirm={async (reason) => {
        if (role === operator.role) {
          const same: ConsoleError = {
            code: 400,
            key: 'invalid_request',
            msg: t('operators.sameRole'),
            kind: 'refused',
          };
          throw same;
        }
        await changeRole({ id: operator.id, role, reason }).unwrap();
      }}
    >
      <p>{t('operators.roleExplain', { role: t(`roles.${operator.role}`) })}</p>
      <RoleSelect id="operator-role" label={t('operators.newRole')} value={role} onChange={setRole} />
    </ReasonDialog>
  );
}
