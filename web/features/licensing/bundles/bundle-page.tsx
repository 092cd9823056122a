import { Alert, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import type { LicenseBundle } from '../../../../common/contracts/licenses';
import { formatMoney } from '../../../../common/money';
import { hasRight } from '../../../../common/permissions';
import { buildPath, ROUTES } from '../../../../common/routes';
import { BackLink } from '../../../components/back-link';
import { CheckoutAction } from '../../../components/checkout-action';
import { FormError } from '../../../components/form-error';
import { RequireSignIn } from '../../../components/require-sign-in';
import { ApiError } from '../../../lib/api';
import { useDates } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useTranslation } from '../../../lib/translation';
import { LicenseRequestRow } from '../license-request-list';
import { useBundleCheckout, useLicenseBundle } from './bundle-api';
import { BundleRefundButton } from './bundle-refund-button';

/**
 * /me/license_bundles/{id} (issue 34): a request for several clips, for its buyer. Each clip is a request
 * of its own (its price, its page, its download once paid); this page shows them together with their
 * total and pays them all in one checkout once every clip has its price.
 */
export function BundlePage() {
  const { t } = useTranslation();
  const { bundleId = '' } = useParams();
  const bundle = useLicenseBundle(bundleId);
  const missing = bundle.error instanceof ApiError && [400, 404].includes(bundle.error.status);
  return (
    <RequireSignIn>
      <Container size="md" py="xl">
        <Stack gap="lg">
          <BackLink
            to={
              bundle.data?.collectionId
                ? buildPath(ROUTES.myCollection, { collectionId: bundle.data.collectionId })
                : ROUTES.myLicenses
            }
          >
            {t(bundle.data?.collectionId ? 'licensing.bundle.backToCollection' : 'licensing.details.back')}
          </BackLink>
          {bundle.isPending ? (
            <Skeleton h={360} radius="lg" />
          ) : missing ? (
            <Alert color="gray">{t('licensing.bundle.notFound')}</Alert>
          ) : bundle.isError ? (
            <FormError error={bundle.error} />
          ) : (
            <BundleView bundle={bundle.data} />
          )}
        </Stack>
      </Container>
    </RequireSignIn>
  );
}

function BundleView({ bundle }: { bundle: LicenseBundle }) {
  const { t } = useTranslation();
  const { date } = useDates();
  const { user } = useSession();
  // A license manager who is not the buyer opens each clip on its back-office page.
  const asManager = !!user && user.id !== bundle.clips[0]?.buyer.id && hasRight(user, 'manage_licenses');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('licensing.bundle.title', { count: bundle.clips.length })}</Title>
        <Text size="sm" c="dimmed">
          {t('licensing.details.created', { date: date(bundle.createdAt) })}
        </Text>
      </Stack>
      <BundlePayment bundle={bundle} />
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {bundle.clips.map((clip) => (
          <li key={clip.id}>
            <LicenseRequestRow item={clip} asManager={asManager} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/** The total, and the one checkout for every clip; or why there is nothing to pay now. */
function BundlePayment({ bundle }: { bundle: LicenseBundle }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const checkout = useBundleCheckout(bundle.id);
  const language = i18n.language ?? 'en';
  const live = bundle.clips.filter((clip) => clip.status !== 'cancelled');
  const total = bundle.totalCents === null ? null : formatMoney(bundle.totalCents, bundle.currency, language);

  if (live.length > 0 && live.every((clip) => clip.status === 'completed')) {
    return (
      <Alert color="teal" icon={<IconCircleCheck />} title={t('licensing.bundle.paid', { total })}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('licensing.bundle.paidBody')}</Text>
          {user && hasRight(user, 'manage_licenses') && (
            <BundleRefundButton bundleId={bundle.id} paid={live.length} total={total ?? ''} />
          )}
        </Stack>
      </Alert>
    );
  }
  if (live.length === 0) {
    const refunded = bundle.clips.every((clip) => clip.refunded);
    return (
      <Alert color="gray" icon={<IconInfoCircle />}>
        {t(refunded ? 'licensing.bundle.allRefunded' : 'licensing.bundle.allCancelled')}
      </Alert>
    );
  }
  if (total === null) {
    return (
      <Alert color="blue" icon={<IconInfoCircle />} title={t('licensing.bundle.waitingTitle')}>
        {t('licensing.bundle.waitingBody')}
      </Alert>
    );
  }
  const processing = live.some((clip) => clip.status === 'processing_payment');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700}>{t('licensing.bundle.total', { count: live.length })}</Text>
          <Text fw={800} fz="xl" data-testid="bundle-total">
            {total}
          </Text>
        </Group>
        <CheckoutAction checkout={checkout} amount={total} processing={processing} payable={bundle.pay} />
      </Stack>
    </Paper>
  );
}
