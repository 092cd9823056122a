import { Alert, Badge, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFlask } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import type { LicensePayment } from '../../../common/contracts/license-payments';
import { formatMoney } from '../../../common/money';
import { buildPath, ROUTES } from '../../../common/routes';
import { loadingRegion } from '../../components/loading-region';
import { NotFoundPage } from '../../components/not-found-page';
import { RequireSignIn } from '../../components/require-sign-in';
import { ApiError } from '../../lib/api';
import { errorMessageKey } from '../../lib/error-message';
import { useTranslation } from '../../lib/translation';
import { useSandboxOutcome, useSandboxSession } from './api';

/**
 * /payments/sandbox/{sessionId}: the built-in test checkout (PAYMENT_PROVIDER=sandbox). It stands where
 * Stripe's payment page would, says loudly that no money moves, and like Stripe sends the buyer back to
 * the request when done.
 */
export function SandboxCheckoutPage() {
  const { sessionId } = useParams();
  return (
    <RequireSignIn>
      <SandboxCheckout sessionId={sessionId ?? ''} />
    </RequireSignIn>
  );
}

function SandboxCheckout({ sessionId }: { sessionId: string }) {
  const { t, i18n } = useTranslation();
  const session = useSandboxSession(sessionId);
  if (session.error instanceof ApiError && [400, 404].includes(session.error.status)) return <NotFoundPage />;
  return (
    <Container size="xs" py="xl">
      <Alert
        color="yellow"
        variant="filled"
        radius="lg"
        icon={<IconFlask size={28} />}
        title={
          <Text fw={800} fz="xl">
            {t('payments.sandbox.banner')}
          </Text>
        }
        mb="lg"
      >
        {t('payments.sandbox.bannerBody')}
      </Alert>
      {session.isPending && <Skeleton h={260} radius="lg" {...loadingRegion(t)} />}
      {session.isError && (
        <Alert color="red" icon={<IconAlertTriangle />}>
          {t(errorMessageKey(session.error, i18n))}
        </Alert>
      )}
      {session.data && <SandboxForm sessionId={sessionId} payment={session.data} />}
    </Container>
  );
}

function SandboxForm({ sessionId, payment }: { sessionId: string; payment: LicensePayment }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const outcome = useSandboxOutcome(sessionId);
  const language = i18n.language ?? 'en';
  // Back where the buyer came from: the request, or the request for several clips this checkout pays.
  const details = payment.bundle
    ? buildPath(ROUTES.myLicenseBundle, { bundleId: payment.bundle.id })
    : buildPath(ROUTES.myLicense, { licenseRequestId: payment.id });
  const typeName = language === 'el' ? payment.licenseType.nameEl : payment.licenseType.nameEn;
  const open = payment.status === 'processing_payment';
  const decide = (choice: 'paid' | 'declined') =>
    outcome.mutate(choice, { onSuccess: () => navigate(details, { replace: true }) });

  return (
    <Paper withBorder radius="lg" p="xl" shadow="sm">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={1} fz="h3">
            {t('routes.sandboxCheckout')}
          </Title>
          <Badge color="yellow" variant="light" style={{ flexShrink: 0 }}>
            {t('payments.sandbox.badge')}
          </Badge>
        </Group>
        <div>
          <Text c="dimmed" size="sm">
            {t('payments.sandbox.amount')}
          </Text>
          <Text fz={40} fw={800} lh={1.1} data-testid="sandbox-amount">
            {payment.priceCents === null ? '—' : formatMoney(payment.priceCents, payment.currency, language)}
          </Text>
        </div>
        <Text style={{ overflowWrap: 'anywhere' }}>
          {payment.bundle
            ? t('licensing.bundle.clipCount', { count: payment.bundle.clips })
            : payment.video.title}
          <Text span c="dimmed">
            {' · '}
            {typeName}
          </Text>
        </Text>
        {outcome.isError && (
          <Alert color="red" icon={<IconAlertTriangle />}>
            {t(errorMessageKey(outcome.error, i18n))}
          </Alert>
        )}
        {open ? (
          <Stack gap="sm">
            <Button size="lg" color="teal" onClick={() => decide('paid')} loading={outcome.isPending}>
              {t('payments.sandbox.pay')}
            </Button>
            <Button
              size="md"
              variant="outline"
              color="red"
              onClick={() => decide('declined')}
              disabled={outcome.isPending}
            >
              {t('payments.sandbox.decline')}
            </Button>
          </Stack>
        ) : (
          <Alert color="gray" title={t('payments.sandbox.closed')}>
            <Button component={Link} to={details} variant="light" color="gray" mt="xs">
              {t('payments.openRequest')}
            </Button>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
