import { Button, Group, NumberInput, Select, SimpleGrid, Skeleton, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import {
  type AppSettings,
  type AppSettingsInput,
  appSettingsInput,
  CURRENCIES,
} from '../../../common/contracts/admin-settings';
import { amountText } from '../../../common/money';
import { FormError } from '../../components/form-error';
import { useAppSettings } from '../../lib/app-settings';
import { fieldProps, zodValidator } from '../../lib/forms';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { useSaveAppSettings } from './api';

/** The form's values, the amount written with the reader's decimal mark (Greek 50,00). */
const valuesOf = (settings: AppSettings, language: string): AppSettingsInput => ({
  creatorSharePercent: settings.creatorSharePercent,
  referralBonusPercent: settings.referralBonusPercent,
  withdrawalMinimum: amountText(settings.withdrawalMinimumCents, language),
  withdrawalDelayDays: settings.withdrawalDelayDays,
  refundWindowDays: settings.refundWindowDays,
  currency: settings.currency as AppSettingsInput['currency'],
});

/** The platform settings: shares, withdrawal policy, refund window and currency (new requests only). */
export function PlatformSettingsForm() {
  const settings = useAppSettings();
  if (settings.isPending) return <Skeleton h={260} radius="md" />;
  if (settings.isError) return <FormError error={settings.error} />;
  return <SettingsForm settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: AppSettings }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language ?? 'en';
  const save = useSaveAppSettings();
  const form = useForm<AppSettingsInput>({
    initialValues: valuesOf(settings, language),
    validate: zodValidator(appSettingsInput),
  });
  // A save answers with the stored values: the form starts again from them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the stored settings change
  useEffect(() => form.setValues(valuesOf(settings, language)), [settings, language]);

  /** A whole number of the settings, labelled `adminSettings.platform.{name}`. */
  const number = (field: keyof AppSettingsInput, name: string, suffix: string, description: string) => (
    <NumberInput
      label={t(`adminSettings.platform.${name}`)}
      description={t(description)}
      suffix={suffix}
      allowDecimal={false}
      allowNegative={false}
      min={0}
      {...fieldProps(form, t, field)}
    />
  );

  const percent = (field: keyof AppSettingsInput, name: string) =>
    number(field, name, ' %', `adminSettings.platform.${name}Hint`);
  const days = (field: keyof AppSettingsInput, name: string) =>
    number(field, name, '', 'adminSettings.platform.daysHint');

  return (
    <form
      onSubmit={form.onSubmit((values) =>
        save.mutate(values, { onSuccess: () => showToast('success', t('adminSettings.platform.saved')) }),
      )}
      noValidate
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {percent('creatorSharePercent', 'creatorShare')}
          {percent('referralBonusPercent', 'referralBonus')}
          <TextInput
            label={t('adminSettings.platform.withdrawalMinimum')}
            description={t('adminSettings.platform.amountHint')}
            inputMode="decimal"
            rightSection={form.values.currency}
            rightSectionWidth={52}
            {...fieldProps(form, t, 'withdrawalMinimum')}
          />
          {days('withdrawalDelayDays', 'withdrawalDelay')}
          {days('refundWindowDays', 'refundWindow')}
          <Select
            label={t('adminSettings.platform.currency')}
            description={t('adminSettings.platform.currencyHint')}
            data={CURRENCIES.map((code) => ({ value: code, label: code }))}
            allowDeselect={false}
            {...fieldProps(form, t, 'currency')}
          />
        </SimpleGrid>
        <FormError error={save.error} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('adminSettings.platform.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
