import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPlus, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { BILLING_ADDRESSES_MAX, type BillingAddress } from '../../../common/contracts/billing';
import type { SessionUser } from '../../../common/contracts/session';
import { BillingAddressModal, type BillingFormTarget } from '../../components/billing/billing-address-modal';
import {
  billingErrorText,
  useBillingAddresses,
  useMakeDefaultBillingAddress,
} from '../../components/billing/billing-api';
import { BillingErrorAlert } from '../../components/billing/billing-error-alert';
import { LoadingSpinner } from '../../components/query-state';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { BillingAddressCard } from './billing-address-card';
import { BillingDeleteDialog } from './billing-delete-dialog';

/** The user's billing addresses: loading, failure, none yet, or the cards; and the dialogs that change them. */
export function BillingAddresses({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const addresses = useBillingAddresses(user.id);
  const makeDefault = useMakeDefaultBillingAddress();
  // The targets outlive their dialogs' closing, so the content stays while the dialog fades out.
  const [formTarget, setFormTarget] = useState<BillingFormTarget | null>(null);
  const [formOpened, setFormOpened] = useState(false);
  const [deleting, setDeleting] = useState<BillingAddress | null>(null);
  const [deleteOpened, setDeleteOpened] = useState(false);

  const openForm = (address: BillingAddress | null, canChooseDefault: boolean) => {
    setFormTarget((previous) => ({ address, canChooseDefault, round: (previous?.round ?? 0) + 1 }));
    setFormOpened(true);
  };
  const handleMakeDefault = (address: BillingAddress) =>
    makeDefault.mutate(address.id, {
      onSuccess: () => showToast('success', t('billing.defaultChanged', { name: address.name })),
      onError: (error) => showToast('danger', billingErrorText(error, t, i18n)),
    });

  if (addresses.isPending) {
    return <LoadingSpinner />;
  }
  if (addresses.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text>{t('billing.loadError')}</Text>
        <BillingErrorAlert error={addresses.error} />
        <Button variant="light" onClick={() => addresses.refetch()}>
          {t('billing.retry')}
        </Button>
      </Stack>
    );
  }

  const list = addresses.data;
  const atCap = list.length >= BILLING_ADDRESSES_MAX;
  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => openForm(null, list.length > 0)}>
      {t('billing.addAddress')}
    </Button>
  );
  return (
    <Stack gap="lg">
      {list.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" gap="md" py="lg" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconReceipt size={30} aria-hidden />
            </ThemeIcon>
            <Text fw={600}>{t('billing.emptyTitle')}</Text>
            <Text c="dimmed" maw={420}>
              {t('billing.emptyBody')}
            </Text>
            {addButton}
          </Stack>
        </Paper>
      ) : (
        <>
          <Group justify="space-between" gap="sm">
            <Text c="dimmed" maw={520}>
              {atCap ? t('billing.atCap', { max: BILLING_ADDRESSES_MAX }) : t('billing.intro')}
            </Text>
            {!atCap && addButton}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {list.map((address) => (
              <BillingAddressCard
                key={address.id}
                address={address}
                makingDefault={makeDefault.isPending && makeDefault.variables === address.id}
                onEdit={() => openForm(address, !address.isDefault)}
                onDelete={() => {
                  setDeleting(address);
                  setDeleteOpened(true);
                }}
                onMakeDefault={() => handleMakeDefault(address)}
              />
            ))}
          </SimpleGrid>
        </>
      )}
      <BillingAddressModal
        opened={formOpened}
        target={formTarget}
        user={user}
        onClose={() => setFormOpened(false)}
      />
      <BillingDeleteDialog opened={deleteOpened} address={deleting} onClose={() => setDeleteOpened(false)} />
    </Stack>
  );
}
