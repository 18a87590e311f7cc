import { useTranslation } from 'react-i18next';
import { LinkButton } from '@app/ui/link-button';
import { NS } from '../i18n-namespace.ts';

/** A refused record can be contested: the account remote's form, which attaches the record and its reviews. */
export function ContestLink({ kind, id }: { kind: 'deposit' | 'withdrawal'; id: number }) {
  const { t } = useTranslation(NS);
  return (
    <LinkButton variant="secondary" href={`#/pages/user/contest?kind=${kind}&id=${id}`} data-testid="contest">
      {t('record.contest')}
    </LinkButton>
  );
}
