import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import type { BillingAddress } from '../../../common/contracts/billing';
import { countryName } from '../../../common/countries';
import { formatPhone } from '../../../common/phone';
import { CountryFlag } from '../../components/country-flag';
import { useUiLanguage } from '../../components/country-select';
import { useTranslation } from '../../lib/translation';

/** One saved address with its actions; each action's label names the address for screen readers. */
export function BillingAddressCard({
  address,
  makingDefault,
  onEdit,
  onDelete,
  onMakeDefault,
}: {
  address: BillingAddress;
  makingDefault: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
}) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const titleId = useId();
  const { name } = address;
  const place = [address.postalCode, address.city].join(' ');
  return (
    <Paper component="article" aria-labelledby={titleId} withBorder radius="lg" p="lg">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={2} fz="lg" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          {address.isDefault && (
            <Badge color="teal" variant="light" style={{ flexShrink: 0 }}>
              {t('billing.default')}
            </Badge>
          )}
        </Group>
        <Text component="address" fs="normal" style={{ overflowWrap: 'anywhere' }}>
          {address.address}
          <br />
          {place}
          {address.state && (
            <>
              <br />
              {address.state}
            </>
          )}
          <br />
          <CountryFlag alpha2={address.country} /> {countryName(address.country, language)}
        </Text>
        <Stack gap={2}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {address.contactEmail}
          </Text>
          <Text size="sm">{formatPhone(address.contactPhone)}</Text>
          {address.vatNumber && (
            <Text size="sm" c="dimmed">
              {t('billing.vatShort', { vat: address.vatNumber })}
            </Text>
          )}
        </Stack>
        <Group justify="space-between" gap="xs" mt="auto" pt="xs" wrap="nowrap">
          {address.isDefault ? (
            <span />
          ) : (
            <Button
              variant="default"
              size="xs"
              onClick={onMakeDefault}
              loading={makingDefault}
              aria-label={t('billing.makeDefaultNamed', { name })}
            >
              {t('billing.makeDefault')}
            </Button>
          )}
          {/* Icons keep the row on one line in both languages; the labels name the address. */}
          <Group gap="xs" wrap="nowrap">
            <Tooltip label={t('billing.edit')}>
              <ActionIcon
                variant="light"
                size={30}
                onClick={onEdit}
                aria-label={t('billing.editNamed', { name })}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('billing.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                size={30}
                onClick={onDelete}
                aria-label={t('billing.deleteNamed', { name })}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
