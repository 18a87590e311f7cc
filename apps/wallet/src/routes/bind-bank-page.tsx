import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { DefaultPage } from '@app/app-kit';
import { useGetPaymentMethodsQuery } from '../features/payment-methods/api/payment-methods-api.ts';
import { BankCardForm } from '../features/payment-methods/components/bank-card-form.tsx';
import { MethodList } from '../features/payment-methods/components/method-list.tsx';

/** Bind a bank card (also /pages/payment/addBank); the cards already bound are listed above the form. */
export default function BindBankPage({ titleKey, custom }: { titleKey: string; custom?: boolean }) {
  const { t } = useTranslation(NS);
  const toast = useToast();
  const navigate = useNavigate();
  const { data } = useGetPaymentMethodsQuery();
  const cards = data?.items.filter((m) => m.kind === 'bank') ?? [];
  return (
    <DefaultPage title={t(titleKey)} custom={custom}>
      {cards.length > 0 && <MethodList items={cards} />}
      <BankCardForm
        onDone={() => {
          toast.info(t('added', { ns: 'errors' }));
          navigate('/pages/payment/payment');
        }}
      />
    </DefaultPage>
  );
}
