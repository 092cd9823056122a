import { Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useRef } from 'react';
import { DEFAULT_COUNTRY } from '../../../common/constants';
import {
  type BillingAddress,
  type BillingAddressInput,
  billingAddressInput,
} from '../../../common/contracts/billing';
import type { SessionUser } from '../../../common/contracts/session';
import { splitPhone } from '../../../common/phone';
import { ApiError } from '../../lib/api';
import { fieldProps, zodValidator } from '../../lib/forms';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { CountrySelect } from '../country-select';
import { EmailField } from '../email-field';
import { FormButtons } from '../form-buttons';
import {
  emptyPhoneNumber,
  PhoneNumberInput,
  type PhoneNumberValue,
  phoneNumberToE164,
} from '../phone-number-input';
import { useSaveBillingAddress } from './billing-api';
import { BillingErrorAlert } from './billing-error-alert';

/** What the form holds: the phone as country and digits (PhoneNumberInput), the rest as typed. */
interface BillingFormValues {
  name: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  country: string | null;
  contactEmail: string;
  contactPhone: PhoneNumberValue;
  vatNumber: string;
  isDefault: boolean;
}

/** The request body: the phone in E.164, or as typed when it is not a valid number (the contract says so). */
function toInput(values: BillingFormValues): BillingAddressInput {
  return {
    ...values,
    country: values.country ?? '',
    contactPhone: phoneNumberToE164(values.contactPhone) ?? values.contactPhone.national.trim(),
    isDefault: values.isDefault || undefined,
  };
}

/** An edited address as saved; a new one starts from the account, which usually is who pays. */
function initialValues(address: BillingAddress | null, user: SessionUser): BillingFormValues {
  if (address) {
    return {
      ...address,
      contactPhone: splitPhone(address.contactPhone) ?? { country: address.country, national: '' },
      vatNumber: address.vatNumber ?? '',
    };
  }
  const account = user.account;
  const country = account?.country ?? DEFAULT_COUNTRY;
  return {
    name: (account?.isBusinessAccount && account.companyName) || account?.name || '',
    address: '',
    city: '',
    state: '',
    postalCode: '',
    country,
    contactEmail: user.email,
    contactPhone: (user.phoneNumber && splitPhone(user.phoneNumber)) || emptyPhoneNumber(country),
    vatNumber: '',
    isDefault: false,
  };
}

const validateInput = zodValidator(billingAddressInput);

/** Adds or edits a billing address (SPEC 3); `canChooseDefault` shows the "make default" checkbox. */
export function BillingAddressForm({
  address,
  user,
  canChooseDefault,
  onDone,
}: {
  address: BillingAddress | null;
  user: SessionUser;
  canChooseDefault: boolean;
  /** Called with the saved address, or with nothing when the user cancels. */
  onDone: (saved?: BillingAddress) => void;
}) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveBillingAddress();
  const form = useForm<BillingFormValues>({
    initialValues: initialValues(address, user),
    validate: (values) => validateInput(toInput(values)),
  });

  const handleSubmit = form.onSubmit(
    (values) =>
      save.mutate(
        { id: address?.id ?? null, body: toInput(values) },
        {
          onSuccess: (saved) => {
            showToast('success', t(address ? 'billing.updated' : 'billing.added'));
            onDone(saved);
          },
          onError: (error) => {
            if (error instanceof ApiError) {
              for (const issue of error.fields) form.setFieldError(issue.field, issue.message);
            }
          },
        },
      ),
    // Show the first problem: on a phone the form is taller than the screen.
    () => requestAnimationFrame(() => focusFirstInvalid(formRef.current)),
  );
  // Field problems are shown on their fields; anything else under the form.
  const formError = save.error instanceof ApiError && save.error.fields.length > 0 ? null : save.error;

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <BillingAddressFields form={form} />
        {canChooseDefault && (
          <Checkbox
            label={t('billing.fields.isDefault')}
            {...form.getInputProps('isDefault', { type: 'checkbox' })}
          />
        )}
        <BillingErrorAlert error={formError} />
        <FormButtons
          cancelLabel={t('billing.cancel')}
          onCancel={() => onDone()}
          submitLabel={t(address ? 'billing.saveChanges' : 'billing.add')}
          pending={save.isPending}
        />
      </Stack>
    </form>
  );
}

/** The address itself: who pays, where, how to reach them, and the VAT number. */
function BillingAddressFields({ form }: { form: UseFormReturnType<BillingFormValues> }) {
  const { t } = useTranslation();
  const field = (name: keyof BillingFormValues) => fieldProps(form, t, name);

  const handleCountryChange = (country: string | null) => {
    form.setFieldValue('country', country);
    // The phone follows the address's country until a number is typed.
    if (country && !form.values.contactPhone.national.trim()) {
      form.setFieldValue('contactPhone', emptyPhoneNumber(country));
    }
  };

  return (
    <>
      <TextInput
        label={t('billing.fields.name')}
        description={t('billing.fields.nameHint')}
        autoComplete="billing name"
        required
        data-autofocus
        {...field('name')}
      />
      <TextInput
        label={t('billing.fields.address')}
        description={t('billing.fields.addressHint')}
        autoComplete="billing street-address"
        required
        {...field('address')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('billing.fields.city')}
          autoComplete="billing address-level2"
          required
          {...field('city')}
        />
        <TextInput
          label={t('billing.fields.postalCode')}
          autoComplete="billing postal-code"
          required
          {...field('postalCode')}
        />
        <TextInput
          label={t('billing.fields.state')}
          autoComplete="billing address-level1"
          {...field('state')}
        />
        <CountrySelect
          label={t('billing.fields.country')}
          required
          {...field('country')}
          onChange={handleCountryChange}
        />
        <EmailField
          label={t('billing.fields.contactEmail')}
          form={form}
          name="contactEmail"
          autoComplete="billing email"
        />
        <PhoneNumberInput
          label={t('billing.fields.contactPhone')}
          required
          {...field('contactPhone')}
          value={form.values.contactPhone}
        />
      </SimpleGrid>
      <TextInput
        label={t('billing.fields.vatNumber')}
        description={t('billing.fields.vatNumberHint')}
        autoComplete="off"
        {...field('vatNumber')}
      />
    </>
  );
}

/** Shows the first problem: the form may be taller than the screen (a modal on a phone, a step). */
function focusFirstInvalid(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
