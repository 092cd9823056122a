import { Anchor, Checkbox, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { BillingAddressCopy, LicenseType } from '../../../common/contracts/licenses';
import { ROUTES } from '../../../common/routes';
import { Trans, useTranslation } from '../../lib/translation';
import { AddressLines } from './address-lines';
import { LabeledField } from './labeled-field';
import { usePriceText, useTypeTexts } from './license-texts';

/** Step 4: what will be submitted, and the license terms to accept. */
export function ConfirmStep({
  videoTitles,
  type,
  currency,
  usage,
  address,
  termsAccepted,
  error,
  onTermsChange,
}: {
  /** The clip asked for, or the several asked for at once. */
  videoTitles: string[];
  type: LicenseType | undefined;
  currency: string;
  usage: string;
  address: BillingAddressCopy | undefined;
  termsAccepted: boolean;
  error: string | null;
  onTermsChange: (accepted: boolean) => void;
}) {
  const { t } = useTranslation();
  const texts = useTypeTexts();
  const price = usePriceText();
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Title order={3} fz="md">
            {t('licensing.create.summary')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <LabeledField
              label={t(videoTitles.length === 1 ? 'licensing.fields.video' : 'licensing.fields.clips', {
                count: videoTitles.length,
              })}
            >
              {videoTitles.map((title) => (
                <Text key={title} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {title}
                </Text>
              ))}
            </LabeledField>
            <LabeledField label={t('licensing.fields.type')}>
              <Text fw={600}>{type ? texts(type).name : '—'}</Text>
              <Text size="sm">
                {type && videoTitles.length > 1 && type.priceCents !== null
                  ? t('licensing.bundle.perClip', { price: price(type.priceCents, currency) })
                  : type
                    ? price(type.priceCents, currency)
                    : ''}
              </Text>
              {type?.priceCents === null && (
                <Text size="sm" c="dimmed">
                  {t('licensing.create.byRequestNote')}
                </Text>
              )}
            </LabeledField>
            <LabeledField label={t('licensing.fields.usage')}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {usage.trim()}
              </Text>
            </LabeledField>
            <LabeledField label={t('licensing.fields.billing')}>
              {address && <AddressLines address={address} />}
            </LabeledField>
          </SimpleGrid>
        </Stack>
      </Paper>
      <Checkbox
        checked={termsAccepted}
        onChange={(event) => onTermsChange(event.currentTarget.checked)}
        error={error ? t(error) : undefined}
        label={
          <Trans
            i18nKey="licensing.create.terms"
            components={{ terms: <Anchor component={Link} to={ROUTES.terms} target="_blank" inherit /> }}
          />
        }
      />
    </Stack>
  );
}
