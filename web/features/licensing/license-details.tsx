import { Alert, Box, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard, IconStack2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LicenseRequestDetail } from '../../../common/contracts/licenses';
import { buildPath, ROUTES } from '../../../common/routes';
import { LicenseFileButtons } from '../../components/license-file-buttons';
import { VideoCard } from '../../components/video-card';
import { useDates } from '../../lib/dates';
import { useTranslation } from '../../lib/translation';
import { AddressLines } from './address-lines';
import { CancelButton } from './cancel-button';
import { LabeledField } from './labeled-field';
import {
  LICENSE_STATUS_COLOURS,
  LicenseStatusBadge,
  shownStatus,
  usePriceText,
  useTypeTexts,
} from './license-texts';
import { RefundButton } from './refund-button';

/**
 * A license request as its buyer and the managers see it: the SPEC 4.2 status text, what the caller may
 * do (pay, cancel; download and certificate once completed; a manager refunds within the window, and a
 * refunded request says when and why), the video, type, usage, the billing address as submitted, and
 * the price. `aside` (the conversation, the quote form) goes beside or below.
 */
export function LicenseDetails({
  request,
  asManager,
  children,
}: {
  request: LicenseRequestDetail;
  asManager: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const texts = useTypeTexts();
  const price = usePriceText();
  const { date: formatDate } = useDates();
  const type = texts(request.type);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {request.video.title}
          </Title>
          <Group gap="xs">
            <LicenseStatusBadge request={request} />
            <Text size="sm" c="dimmed">
              {t('licensing.details.created', { date: formatDate(request.createdAt) })}
            </Text>
          </Group>
        </Stack>
      </Group>

      <LicenseStatusPanel request={request} asManager={asManager} />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            {request.videoCard ? (
              <Box maw={420}>
                <VideoCard video={request.videoCard} />
              </Box>
            ) : (
              <Alert color="gray" variant="light">
                {t('licensing.details.videoHidden')}
              </Alert>
            )}
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="md">
                <LabeledField label={t('licensing.fields.type')}>
                  <Text fw={600}>{type.name}</Text>
                  <Text size="sm" c="dimmed">
                    {type.description}
                  </Text>
                </LabeledField>
                <LabeledField label={t('licensing.fields.price')}>
                  <Text fw={700} data-testid="license-price">
                    {price(request.priceCents, request.currency)}
                  </Text>
                </LabeledField>
                {asManager && (
                  <LabeledField label={t('licensing.fields.buyer')}>
                    <Text>{request.buyer.name}</Text>
                  </LabeledField>
                )}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                <LabeledField label={t('licensing.fields.usage')}>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {request.usage}
                  </Text>
                </LabeledField>
                <LabeledField label={t('licensing.fields.billingAsSubmitted')}>
                  <AddressLines address={request.billingAddress} />
                </LabeledField>
              </SimpleGrid>
            </Paper>
            {children}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * The SPEC 4.2 status text in the status's colour, a cancel or refund reason, a manager's refund window,
 * and what the caller may do now.
 */
function LicenseStatusPanel({ request, asManager }: { request: LicenseRequestDetail; asManager: boolean }) {
  const { t } = useTranslation();
  const price = usePriceText();
  const { date: formatDate } = useDates();
  const { abilities } = request;
  const status = shownStatus(request);
  return (
    <Alert color={LICENSE_STATUS_COLOURS[status]} variant="light" data-testid="license-status-text">
      <Stack gap="sm">
        <Text fw={600}>
          {asManager
            ? t(`licensing.managerStatusText.${status}`)
            : t(`licensing.statusText.${status}`, {
                price: request.priceCents === null ? '' : price(request.priceCents, request.currency),
              })}
        </Text>
        {request.cancelReason && (
          <Text size="sm">{t('licensing.details.cancelReason', { reason: request.cancelReason })}</Text>
        )}
        {request.refundedAt && (
          <Stack gap={2} data-testid="license-refund">
            <Text size="sm" fw={600}>
              {t('licensing.details.refunded', { date: formatDate(request.refundedAt) })}
            </Text>
            {request.refundReason && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('licensing.details.refundReason', { reason: request.refundReason })}
              </Text>
            )}
          </Stack>
        )}
        {abilities.refund && asManager && request.refundableUntil && (
          <Text size="sm">{t('licensing.refund.until', { date: formatDate(request.refundableUntil) })}</Text>
        )}
        <LicenseActions request={request} asManager={asManager} />
      </Stack>
    </Alert>
  );
}

/** Pay, download and certificate, cancel, refund: each as the request's abilities and the caller allow. */
function LicenseActions({ request, asManager }: { request: LicenseRequestDetail; asManager: boolean }) {
  const { t } = useTranslation();
  const price = usePriceText();
  const id = request.id;
  const { abilities } = request;
  const completed = request.status === 'completed';
  return (
    <Group gap="sm">
      {abilities.pay && (
        <Button
          component={Link}
          to={buildPath(ROUTES.myLicensePay, { licenseRequestId: id })}
          leftSection={<IconCreditCard size={16} />}
        >
          {t(
            // A checkout the buyer left: a new one replaces it (the old one is closed first).
            request.status === 'processing_payment' ? 'licensing.details.payAgain' : 'licensing.details.pay',
            { price: price(request.priceCents, request.currency) },
          )}
        </Button>
      )}
      {request.bundleId && !completed && request.status !== 'cancelled' && (
        // A clip asked for with others is paid with them, in one checkout on their common page (which
        // managers open to see the clips side by side).
        <Button
          component={Link}
          to={buildPath(ROUTES.myLicenseBundle, { bundleId: request.bundleId })}
          variant={asManager ? 'default' : 'filled'}
          leftSection={<IconStack2 size={16} />}
        >
          {t(asManager ? 'licensing.bundle.openAsManager' : 'licensing.bundle.open')}
        </Button>
      )}
      {completed && !asManager && <LicenseFileButtons requestId={id} />}
      {abilities.cancel && <CancelButton requestId={id} needsReason={abilities.cancelNeedsReason} />}
      {abilities.refund && asManager && (
        <RefundButton requestId={id} price={price(request.priceCents, request.currency)} />
      )}
    </Group>
  );
}
