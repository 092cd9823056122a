import { Anchor, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { LicensePayment } from '../../../common/contracts/license-payments';
import { formatMoney } from '../../../common/money';
import { buildPath, ROUTES } from '../../../common/routes';
import { useTranslation } from '../../lib/translation';

/** What is being paid for: the video, the license type, the usage and the price. */
export function PaymentSummary({ payment }: { payment: LicensePayment }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language ?? 'en';
  const typeName = language === 'el' ? payment.licenseType.nameEl : payment.licenseType.nameEn;
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group align="flex-start" gap="lg" wrap="wrap">
        {payment.video.thumbnailUrl && (
          <Image
            src={payment.video.thumbnailUrl}
            alt=""
            w={{ base: '100%', xs: 200 }}
            h={{ base: 'auto', xs: 112 }}
            radius="md"
            fit="cover"
            style={{ aspectRatio: '16 / 9', flexShrink: 0 }}
          />
        )}
        <Stack gap="xs" style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={buildPath(ROUTES.video, { videoId: payment.video.id })} inherit>
              {payment.video.title}
            </Anchor>
          </Title>
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              {t('payments.licenseType')}:{' '}
            </Text>
            {typeName}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span c="dimmed" size="sm">
              {t('payments.usage')}:{' '}
            </Text>
            {payment.usage}
          </Text>
          <Text fz={28} fw={700} mt="xs">
            {payment.priceCents === null
              ? t('payments.priceByRequest')
              : formatMoney(payment.priceCents, payment.currency, language)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
