import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { DefaultPage } from '@app/app-kit';
import { useGetPaymentMethodsQuery } from '../features/payment-methods/api/payment-methods-api.ts';
import { MethodList } from '../features/payment-methods/components/method-list.tsx';
import { WalletAddressForm } from '../features/payment-methods/components/wallet-address-form.tsx';

/** Bind a wallet address: currency, an explicitly picked network, and the address checked for it. */
export default function BindWalletPage() {
  const { t } = useTranslation(NS);
  const toast = useToast();
  const navigate = useNavigate();
  const { data } = useGetPaymentMethodsQuery();
  const wallets = data?.items.filter((m) => m.kind === 'crypto') ?? [];
  return (
    <DefaultPage title={t('titles.bindWallet')} custom>
      {wallets.length > 0 && <MethodList items={wallets} />}
      <WalletAddressForm
        onDone={() => {
          toast.info(t('added', { ns: 'errors' }));
          navigate('/pages/payment/payment');
        }}
      />
    </DefaultPage>
  );
}
