import { Alert, Button, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFlask, IconInfoCircle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { LicensePayment } from '../../../common/contracts/license-payments';
import { formatMoney } from '../../../common/money';
import { buildPath, ROUTES } from '../../../common/routes';
import { CheckoutAction } from '../../components/checkout-action';
import { loadingRegion } from '../../components/loading-region';
import { NotFoundPage } from '../../components/not-found-page';
import { RequireSignIn } from '../../components/require-sign-in';
import { ApiError } from '../../lib/api';
import { errorMessageKey } from '../../lib/error-message';
import { useRouteNames } from '../../lib/route-title';
import { useTranslation } from '../../lib/translation';
import { useCheckout, useLicensePayment } from './api';
import { PaymentSummary } from './payment-summary';

/** /me/licenses/{id}/pay: what is being paid for, and the way to the provider's checkout. */
export function PayPage() {
  const { licenseRequestId } = useParams();
  return (
    <RequireSignIn>
      <PayScreen requestId={licenseRequestId ?? ''} />
    </RequireSignIn>
  );
}

function PayScreen({ requestId }: { requestId: string }) {
  const { t, i18n } = useTranslation();
  const [title] = useRouteNames();
  const payment = useLicensePayment(requestId);

  if (payment.error instanceof ApiError && payment.error.status === 404) return <NotFoundPage />;
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="lg">
        {title}
      </Title>
      {payment.isPending && <Skeleton h={220} radius="lg" {...loadingRegion(t)} />}
      {payment.isError && (
        <Alert color="red" icon={<IconAlertTriangle />}>
          {t(errorMessageKey(payment.error, i18n))}
        </Alert>
      )}
      {payment.data && (
        <Stack gap="lg">
          <PaymentSummary payment={payment.data} />
          <PayAction payment={payment.data} />
        </Stack>
      )}
    </Container>
  );
}

function PayAction({ payment }: { payment: LicensePayment }) {
  const { t, i18n } = useTranslation();
  const checkout = useCheckout(payment.id);
  const details = buildPath(ROUTES.myLicense, { licenseRequestId: payment.id });
  const language = i18n.language ?? 'en';

  if (payment.status === 'completed') {
    return (
      <Alert color="teal" icon={<IconCircleCheck />} title={t('payments.completed')}>
        <Button component={Link} to={details} variant="light" color="teal" mt="xs">
          {t('payments.openRequest')}
        </Button>
      </Alert>
    );
  }
  if (payment.status !== 'awaiting_payment' && payment.status !== 'processing_payment') {
    return (
      <Alert color="gray" icon={<IconInfoCircle />} title={t('payments.notPayable')}>
        <Button component={Link} to={details} variant="light" color="gray" mt="xs">
          {t('payments.openRequest')}
        </Button>
      </Alert>
    );
  }
  const amount =
    payment.priceCents === null ? '' : formatMoney(payment.priceCents, payment.currency, language);
  return (
    <Stack gap="md">
      {payment.provider === 'sandbox' && (
        <Alert color="yellow" icon={<IconFlask />} title={t('payments.testMode')}>
          {t('payments.testModeBody')}
        </Alert>
      )}
      <CheckoutAction
        checkout={checkout}
        amount={amount}
        processing={payment.status === 'processing_payment'}
      />
      <Text size="sm" c="dimmed" ta="center">
        {t(payment.provider === 'sandbox' ? 'payments.sandboxNext' : 'payments.stripeNext')}
      </Text>
    </Stack>
  );
}
