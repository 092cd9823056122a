import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../common/constants';
import { CountrySelect } from '../../components/country-select';
import { PhoneNumberInput } from '../../components/phone-number-input';
import { fieldProps } from '../../lib/forms';
import { latestDateOfBirth, type UploadValues } from './upload-values';

/** The owner of the video (SPEC 3): who filmed it or holds its rights, and signs the agreement. */
export function OwnerFields({ form }: { form: UseFormReturnType<UploadValues> }) {
  const { t } = useTranslation();
  const field = (name: keyof UploadValues) => fieldProps(form, t, name);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('upload.form.ownerIntro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('upload.form.ownerName')}
          autoComplete="name"
          required
          maxLength={100}
          {...field('ownerName')}
        />
        <TextInput
          label={t('upload.form.ownerEmail')}
          type="email"
          autoComplete="email"
          required
          maxLength={LIMITS.emailMax}
          {...field('ownerEmail')}
        />
        <PhoneNumberInput
          label={t('upload.form.ownerPhone')}
          required
          {...field('ownerPhone')}
          value={form.values.ownerPhone}
        />
        <CountrySelect label={t('upload.form.ownerCountry')} required {...field('ownerCountry')} />
        <TextInput
          label={t('upload.form.ownerInstagram')}
          placeholder={t('upload.form.instagramPlaceholder')}
          autoComplete="off"
          maxLength={31}
          {...field('ownerInstagram')}
        />
        <TextInput
          label={t('upload.form.ownerDob')}
          description={t('upload.form.ownerDobHint')}
          type="date"
          autoComplete="bday"
          max={latestDateOfBirth()}
          min="1900-01-01"
          required
          {...field('ownerDob')}
        />
      </SimpleGrid>
    </Stack>
  );
}
