import { Stack, Text } from '@mantine/core';
import type { BillingAddressCopy } from '../../../common/contracts/licenses';
import { countryName } from '../../../common/countries';
import { formatPhone } from '../../../common/phone';
import { useUiLanguage } from '../../components/country-select';
import { useTranslation } from '../../lib/translation';

/** A billing address as lines of text: a saved one, or the copy a request keeps. */
export function AddressLines({ address }: { address: BillingAddressCopy }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const place = [address.postalCode, address.city, address.state].filter(Boolean).join(' ');
  return (
    <Stack gap={0}>
      <Text fw={600}>{address.name}</Text>
      <Text size="sm">{address.address}</Text>
      <Text size="sm">{place}</Text>
      <Text size="sm">{countryName(address.country, language)}</Text>
      <Text size="sm" c="dimmed">
        {address.contactEmail} · {formatPhone(address.contactPhone)}
      </Text>
      {address.vatNumber && (
        <Text size="sm" c="dimmed">
          {t('billing.vatShort', { vat: address.vatNumber })}
        </Text>
      )}
    </Stack>
  );
}
