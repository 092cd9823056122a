import { Checkbox, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type AdminLicenseType,
  type LicenseTypeInput,
  licenseTypeInput,
} from '../../../common/contracts/admin-settings';
import { LICENSE_SCOPES } from '../../../common/contracts/licenses';
import { amountText } from '../../../common/money';
import { FormButtons } from '../../components/form-buttons';
import { FormError } from '../../components/form-error';
import { fieldProps, zodValidator } from '../../lib/forms';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { useSaveLicenseType } from './api';

const EMPTY: LicenseTypeInput = {
  nameEn: '',
  nameEl: '',
  descriptionEn: '',
  descriptionEl: '',
  scope: 'editorial_web',
  byRequest: false,
  price: '',
  active: true,
  position: 0,
};

const valuesOf = (type: AdminLicenseType, language: string): LicenseTypeInput => ({
  nameEn: type.nameEn,
  nameEl: type.nameEl,
  descriptionEn: type.descriptionEn,
  descriptionEl: type.descriptionEl,
  scope: type.scope,
  byRequest: type.priceCents === null,
  price: type.priceCents === null ? '' : amountText(type.priceCents, language),
  active: type.active,
  position: type.position,
});

/** The type's texts come in both languages, English first: each field's language and its key's suffix. */
const IN_BOTH_LANGUAGES = [
  ['en', 'En'],
  ['el', 'El'],
] as const;

/** Adds a license type (`type` null) or edits one: names and descriptions in both languages, price, order. */
export function LicenseTypeForm({
  type,
  currency,
  nextPosition,
  onDone,
}: {
  type: AdminLicenseType | null;
  currency: string;
  nextPosition: number;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveLicenseType();
  const form = useForm<LicenseTypeInput>({
    initialValues: type ? valuesOf(type, i18n.language ?? 'en') : { ...EMPTY, position: nextPosition },
    validate: zodValidator(licenseTypeInput),
  });
  const submit = form.onSubmit((body) =>
    save.mutate(
      { id: type?.id ?? null, body },
      {
        onSuccess: () => {
          showToast('success', t('adminSettings.types.saved'));
          onDone();
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {IN_BOTH_LANGUAGES.map(([lang, suffix]) => (
            <TextInput
              key={lang}
              label={t(`adminSettings.types.name${suffix}`)}
              lang={lang}
              {...fieldProps(form, t, `name${suffix}`)}
            />
          ))}
          {IN_BOTH_LANGUAGES.map(([lang, suffix]) => (
            <Textarea
              key={lang}
              label={t(`adminSettings.types.description${suffix}`)}
              lang={lang}
              autosize
              minRows={2}
              {...fieldProps(form, t, `description${suffix}`)}
            />
          ))}
          <Select
            label={t('adminSettings.types.scope')}
            data={LICENSE_SCOPES.map((scope) => ({
              value: scope,
              label: t(`adminSettings.scopes.${scope}`),
            }))}
            allowDeselect={false}
            {...fieldProps(form, t, 'scope')}
          />
          <NumberInput
            label={t('adminSettings.types.position')}
            description={t('adminSettings.types.positionHint')}
            allowDecimal={false}
            allowNegative={false}
            {...fieldProps(form, t, 'position')}
          />
        </SimpleGrid>
        <Checkbox
          label={t('adminSettings.types.byRequest')}
          description={t('adminSettings.types.byRequestHint')}
          {...form.getInputProps('byRequest', { type: 'checkbox' })}
        />
        {!form.values.byRequest && (
          <TextInput
            label={t('adminSettings.types.price')}
            description={t('adminSettings.platform.amountHint')}
            inputMode="decimal"
            rightSection={currency}
            rightSectionWidth={52}
            maw={260}
            {...fieldProps(form, t, 'price')}
          />
        )}
        <Switch
          label={t('adminSettings.types.active')}
          description={t('adminSettings.types.activeHint')}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <FormError error={save.error} />
        <FormButtons
          cancelLabel={t('adminSettings.cancel')}
          onCancel={onDone}
          submitLabel={t('adminSettings.types.save')}
          pending={save.isPending}
        />
      </Stack>
    </form>
  );
}
