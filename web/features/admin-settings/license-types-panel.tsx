import { Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { AdminLicenseType } from '../../../common/contracts/admin-settings';
import { formatMoney } from '../../../common/money';
import { FormError } from '../../components/form-error';
import { useTranslation } from '../../lib/translation';
import { useAdminLicenseTypes } from './api';
import { LicenseTypeForm } from './license-type-form';

/** The license types with their prices, retired ones too; each opens its form in a dialog. */
export function LicenseTypesPanel() {
  const { t, i18n } = useTranslation();
  const types = useAdminLicenseTypes();
  // undefined: no dialog; null: a new type
  const [editing, setEditing] = useState<AdminLicenseType | null | undefined>(undefined);
  if (types.isPending) return <Skeleton h={260} radius="md" />;
  if (types.isError) return <FormError error={types.error} />;
  const { currency, types: list } = types.data;
  const language = i18n.language ?? i18n.language;
  const greek = language === 'el';
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text c="dimmed" size="sm" maw={560}>
          {t('adminSettings.types.intro')}
        </Text>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)}>
          {t('adminSettings.types.add')}
        </Button>
      </Group>
      {list.map((type) => (
        <Paper key={type.id} withBorder radius="md" p="md" data-testid="admin-license-type">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            {/* The text takes the row; on a phone the button goes below it, whole. */}
            <Stack gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
              <Group gap="xs">
                <Title order={3} fz="md">
                  {greek ? type.nameEl : type.nameEn}
                </Title>
                {!type.active && <Badge color="gray">{t('adminSettings.types.retired')}</Badge>}
              </Group>
              <Text size="sm" c="dimmed">
                {greek ? type.descriptionEl : type.descriptionEn}
              </Text>
              <Text fw={700} c={type.priceCents === null ? 'dimmed' : 'teal.8'}>
                {type.priceCents === null
                  ? t('adminSettings.types.byRequest')
                  : formatMoney(type.priceCents, currency, language)}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`adminSettings.scopes.${type.scope}`)} ·{' '}
                {t('adminSettings.types.positionShort', { position: type.position })}
              </Text>
            </Stack>
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => setEditing(type)}
              style={{ flexShrink: 0 }}
              aria-label={t('adminSettings.types.editNamed', { name: greek ? type.nameEl : type.nameEn })}
            >
              {t('adminSettings.types.edit')}
            </Button>
          </Group>
        </Paper>
      ))}
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={t(editing ? 'adminSettings.types.editTitle' : 'adminSettings.types.addTitle')}
        size="xl"
      >
        {editing !== undefined && (
          <LicenseTypeForm
            type={editing}
            currency={currency}
            nextPosition={Math.max(0, ...list.map((type) => type.position)) + 1}
            onDone={() => setEditing(undefined)}
          />
        )}
      </Modal>
    </Stack>
  );
}
