import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useToast } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { DefaultPage } from '@app/app-kit';
import { useGetPaymentMethodsQuery } from '../features/payment-methods/api/payment-methods-api.ts';
import { useGetCashInfoQuery } from '../features/withdraw/api/withdraw-api.ts';
import { BankCardForm } from '../features/payment-methods/components/bank-card-form.tsx';
import { useAnnounceAdded } from '../features/payment-methods/hooks/use-announce-added.ts';
import { MethodList } from '../features/payment-methods/components/method-list.tsx';

/** Bind a bank card (also /pages/payment/addBank); the cards already bound are listed above the form. */
export default function BindBankPage({ titleKey, custom }: { titleKey: string; custom?: boolean }) {
  const { t } = useTranslation(NS);
  const announce = useAnnounceAdded();
  const toast = useToast();
  const navigate = useNavigate();
  const { data } = useGetPaymentMethodsQuery();
  const { data: rules } = useGetCashInfoQuery();
  const cards = data?.items.filter((m) => m.kind === 'bank') ?? [];
  // ?edit=<id>: the one change customer service allowed of that item (it must still be open).
  const editId = Number(useSearchParams()[0].get('edit'));
  const editing = cards.find((m) => m.id === editId && !m.locked);
  return (
    <DefaultPage title={t(editing ? 'titles.editMethod' : titleKey)} custom={custom}>
      {cards.length > 0 && <MethodList items={cards} />}
      <BankCardForm
        holdHours={rules?.hold_hours}
        key={editing?.id ?? 'new'}
        editing={editing}
        onDone={(saved) => {
          if (editing && saved.hold_until === null) toast.info(t('operation_succeeded', { ns: 'errors' }));
          else announce(saved);
          navigate('/pages/payment/payment');
        }}
      />
    </DefaultPage>
  );
}
