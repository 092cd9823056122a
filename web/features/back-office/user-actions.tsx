import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import type { AdminUserDetail } from '../../../common/contracts/admin-users';
import { RIGHTS, type Right } from '../../../common/permissions';
import { FormError } from '../../components/form-error';
import { ReasonDialog } from '../../components/reason-dialog';
import { TitledSection } from '../../components/titled-section';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { useSetDisabled, useSetRights } from './api';

/** Grant and revoke rights; the caller's own admin right is shown but cannot be removed here. */
function RightsForm({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const [rights, setRights] = useState<Right[]>(user.rights);
  const save = useSetRights(user.id);
  const changed = [...rights].sort().join() !== [...user.rights].sort().join();
  return (
    <Stack gap="xs">
      <Checkbox.Group
        label={t('backOffice.user.rights')}
        value={rights}
        onChange={(value) => setRights(value as Right[])}
      >
        <Stack gap="xs" mt="xs">
          {RIGHTS.map((right) => (
            <Checkbox
              key={right}
              value={right}
              label={t(`backOffice.rights.${right}`)}
              description={t(`backOffice.rightHints.${right}`)}
              disabled={right === 'admin' && !user.abilities.removeAdmin && user.rights.includes('admin')}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {save.isError && <FormError error={save.error} />}
      <Group>
        <Button
          disabled={!changed}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { rights },
              { onSuccess: () => showToast('success', t('backOffice.user.rightsSaved')) },
            )
          }
        >
          {t('backOffice.user.saveRights')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Disable (with a reason, after a confirmation) or enable the account. */
function AccountState({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  const change = useSetDisabled(user.id);
  if (user.disabled) {
    return (
      <Stack gap="xs">
        <Alert color="red" title={t('backOffice.user.disabledTitle')}>
          {t('backOffice.user.disabledBody')}
        </Alert>
        {change.isError && <FormError error={change.error} />}
        <Group>
          <Button
            variant="default"
            loading={change.isPending}
            onClick={() =>
              change.mutate(
                { disabled: false, reason: '' },
                { onSuccess: () => showToast('success', t('backOffice.user.enabled')) },
              )
            }
          >
            {t('backOffice.user.enable')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!user.abilities.disable) return <Text c="dimmed">{t('backOffice.user.cannotDisableSelf')}</Text>;
  return (
    <>
      <Group>
        <Button color="red" variant="light" onClick={modal.open}>
          {t('backOffice.user.disable')}
        </Button>
      </Group>
      <ReasonDialog
        opened={opened}
        onClose={modal.close}
        title={t('backOffice.user.disableTitle')}
        body={t('backOffice.user.disableBody')}
        reason={{ label: t('backOffice.user.reason'), maxLength: 500 }}
        keepLabel={t('backOffice.user.cancel')}
        confirmLabel={t('backOffice.user.confirmDisable')}
        pending={change.isPending}
        error={change.isError ? change.error : null}
        onConfirm={(reason) =>
          change.mutate(
            { disabled: true, reason },
            {
              onSuccess: () => {
                modal.close();
                showToast('success', t('backOffice.user.disabledDone'));
              },
            },
          )
        }
      />
    </>
  );
}

/** The admin's actions on one user. */
export function UserActions({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  return (
    <TitledSection compact gap="lg" title={t('backOffice.user.actions')}>
      <RightsForm key={user.rights.join()} user={user} />
      <AccountState user={user} />
    </TitledSection>
  );
}
