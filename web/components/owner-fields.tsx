import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LIMITS } from '../../common/constants';
import { EARLIEST_DOB, latestDateOfBirth, type OwnerOptions } from '../../common/contracts/owner';
import { useDates } from '../lib/dates';
import { fieldProps } from '../lib/forms';
import { useTranslation } from '../lib/translation';
import { CountrySelect } from './country-select';
import { PhoneNumberInput, type PhoneNumberValue } from './phone-number-input';

/** Where each owner field sits in a form's values (the upload and TV forms name them differently). */
export interface OwnerFieldPaths {
  name: string;
  email: string;
  phone: string;
  country: string;
  instagram: string;
  dob: string;
}

/**
 * The owner of the video (SPEC 3) in the upload and TV forms: rules in `common/contracts/owner.ts`;
 * `options` are the form's (the TV page's fixed latest date of birth), so the picker offers what passes.
 */
export function OwnerFields<V>({
  form,
  paths,
  options = {},
}: {
  form: UseFormReturnType<V>;
  paths: OwnerFieldPaths;
  options?: OwnerOptions;
}) {
  const { t } = useTranslation();
  const { day } = useDates();
  const field = (name: keyof OwnerFieldPaths) => fieldProps(form, t, paths[name]);
  const phone = field('phone');

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label={t('ownerFields.name')}
        autoComplete="name"
        required
        maxLength={100}
        {...field('name')}
      />
      <TextInput
        label={t('ownerFields.email')}
        type="email"
        autoComplete="email"
        required
        maxLength={LIMITS.emailMax}
        {...field('email')}
      />
      <PhoneNumberInput
        label={t('ownerFields.phone')}
        required
        {...phone}
        value={phone.value as PhoneNumberValue}
      />
      <CountrySelect label={t('ownerFields.country')} required {...field('country')} />
      <TextInput
        label={t('ownerFields.instagram')}
        placeholder={t('ownerFields.instagramPlaceholder')}
        autoComplete="off"
        maxLength={31}
        {...field('instagram')}
      />
      <TextInput
        label={t('ownerFields.dob')}
        description={
          options.latestDob
            ? t('ownerFields.dobLatestHint', { date: day(options.latestDob) })
            : t('ownerFields.dobHint')
        }
        type="date"
        autoComplete="bday"
        min={EARLIEST_DOB}
        max={latestDateOfBirth(options)}
        required
        {...field('dob')}
      />
    </SimpleGrid>
  );
}
