import { Alert, Button, Group, Paper, Radio, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { BILLING_ADDRESSES_MAX } from '../../../common/contracts/billing';
import type { SessionUser } from '../../../common/contracts/session';
import { BillingAddressForm } from '../../components/billing/billing-address-form';
import { useBillingAddresses } from '../../components/billing/billing-api';
import { FormError } from '../../components/form-error';
import { useTranslation } from '../../lib/translation';
import { AddressLines } from './address-lines';

/** Step 3: one of the buyer's billing addresses, or a new one added right here. */
export function BillingStep({
  user,
  value,
  error,
  onChange,
}: {
  user: SessionUser;
  value: string;
  error: string | null;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const addresses = useBillingAddresses(user.id);
  const [adding, setAdding] = useState(false);
  if (addresses.isPending) return <Skeleton h={140} radius="md" />;
  if (addresses.isError) return <FormError error={addresses.error} />;
  const list = addresses.data;
  const showForm = adding || list.length === 0;

  return (
    <Stack gap="md">
      {list.length > 0 && (
        <Radio.Group
          value={value}
          onChange={onChange}
          label={t('licensing.create.billingLabel')}
          description={t('licensing.create.billingHint')}
          error={error ? t(error) : undefined}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
            {list.map((address) => (
              <Radio.Card key={address.id} value={address.id} radius="md" p="md" data-testid="billing-choice">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={4} />
                  <AddressLines address={address} />
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
      )}
      {showForm ? (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Title order={3} fz="md" mb="sm">
            {t(list.length === 0 ? 'licensing.create.firstAddress' : 'billing.addTitle')}
          </Title>
          {list.length === 0 && error && (
            <Alert color="red" variant="light" mb="sm">
              {t(error)}
            </Alert>
          )}
          <BillingAddressForm
            address={null}
            user={user}
            canChooseDefault={list.length > 0}
            onDone={(saved) => {
              setAdding(false);
              if (saved) onChange(saved.id);
            }}
          />
        </Paper>
      ) : (
        list.length < BILLING_ADDRESSES_MAX && (
          <Group>
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              {t('billing.addAddress')}
            </Button>
          </Group>
        )
      )}
      {list.length === 0 && !error && (
        <Text size="sm" c="dimmed">
          {t('licensing.create.noAddresses')}
        </Text>
      )}
    </Stack>
  );
}
