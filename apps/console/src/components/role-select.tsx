import { useTranslation } from 'react-i18next';
import { OPERATOR_ROLES, type OperatorRole } from '@app/contracts';
import { Field } from './field.tsx';
import ui from './ui.module.css';

/** A labelled choice of an operator role, each by its name in the console's language (all roles unless given). */
export function RoleSelect({
  id,
  label,
  value,
  onChange,
  roles = OPERATOR_ROLES,
}: {
  id: string;
  label: string;
  value: OperatorRole;
  onChange: (role: OperatorRole) => void;
  roles?: readonly OperatorRole[];
}) {
  const { t } = useTranslation();
  return (
    <Field id={id} label={label}>
      <select
        id={id}
        className={ui.input}
        value={value}
        onChange={(event) => onChange(event.target.value as OperatorRole)}
      >
        {roles.map((r) => (
          <option key={r} value={r}>
            {t(`roles.${r}`)}
          </option>
        ))}
      </select>
    </Field>
  );
}
