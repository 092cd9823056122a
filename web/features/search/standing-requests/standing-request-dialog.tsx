import { Button, Group, Modal, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type SavedSearch,
  type StandingRequest,
  type StandingRequestFormValues,
  standingRequestForm,
} from '../../../../common/contracts/standing-requests';
import { amountText } from '../../../../common/money';
import { FormError } from '../../../components/form-error';
import { ApiError } from '../../../lib/api';
import { fieldProps, zodValidator } from '../../../lib/forms';
import { useLicenseTypes } from '../../../lib/license-types';
import { showToast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/translation';
import { type AddressFilters, NO_FILTERS } from '../search-filters';
import { useChangeStandingRequest, useCreateStandingRequest } from './api';
import { SearchSummary, savedSearchOf } from './search-summary';

/** A first name for a new request: what it looks for, as the person chose it. */
function suggestedName(search: SavedSearch): string {
  return [search.keywords.join(', '), search.near?.place].filter(Boolean).join(' · ').slice(0, 100);
}

/** The search's parameters as the API takes them (the search page's address has the same). */
function searchInput(search: SavedSearch) {
  return {
    keywords: search.keywords.join(','),
    q: search.q,
    ...(search.near && { lat: search.near.lat, lng: search.near.lng, radiusKm: search.near.radiusKm }),
    ...(search.shotFrom && { shotFrom: search.shotFrom }),
    ...(search.shotTo && { shotTo: search.shotTo }),
  };
}

/**
 * A standing request's settings (issue 34): its name, how to be told (at once, at most one e-mail an hour,
 * or a daily digest), and optionally the license wanted and the most the buyer would pay, which creators
 * see on the demand board. New from a search (`search`), or the settings of a saved one (`request`).
 */
export function StandingRequestDialog({
  search,
  request,
  onClose,
  onSaved,
}: {
  search?: { keywords: string[]; filters: AddressFilters };
  request?: StandingRequest;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language ?? 'en';
  const saved = request?.search ?? savedSearchOf(search?.keywords ?? [], search?.filters ?? NO_FILTERS);
  const types = useLicenseTypes();
  const create = useCreateStandingRequest();
  const change = useChangeStandingRequest();
  const saving = request ? change : create;
  const form = useForm<StandingRequestFormValues>({
    initialValues: {
      name: request?.name ?? suggestedName(saved),
      frequency: request?.frequency ?? 'instant',
      licenseTypeId: request?.licenseTypeId ?? '',
      maxPrice: request?.maxPrice ? amountText(request.maxPrice.cents, language) : '',
    },
    validate: zodValidator(standingRequestForm),
  });
  const currency = request?.maxPrice?.currency ?? types.data?.currency ?? '';
  const fieldErrors = saving.error instanceof ApiError && saving.error.fields.length > 0;

  const handleSubmit = form.onSubmit((values) => {
    const parsed = standingRequestForm.parse(values);
    const settings = {
      name: parsed.name,
      frequency: parsed.frequency,
      licenseTypeId: parsed.licenseTypeId || null,
      maxPriceCents: parsed.maxPrice,
    };
    const done = () => {
      showToast('success', t(request ? 'standingRequests.changed' : 'standingRequests.saved'));
      onSaved();
    };
    const onError = (failure: Error) => {
      if (!(failure instanceof ApiError)) return;
      for (const { field, message } of failure.fields) {
        form.setFieldError(field === 'maxPriceCents' ? 'maxPrice' : field, message);
      }
    };
    if (request) change.mutate({ id: request.id, change: settings }, { onSuccess: done, onError });
    else {
      create.mutate(
        { ...settings, search: searchInput(saved), placeName: saved.near?.place ?? '' },
        { onSuccess: done, onError },
      );
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        <Text component="span" fw={700} size="lg">
          {t(request ? 'standingRequests.editTitle' : 'standingRequests.newTitle')}
        </Text>
      }
      size="lg"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('standingRequests.looksFor')}
            </Text>
            <SearchSummary search={saved} />
          </Stack>
          <TextInput
            label={t('standingRequests.name')}
            required
            maxLength={100}
            data-autofocus
            {...fieldProps(form, t, 'name')}
          />
          <Radio.Group label={t('standingRequests.frequency')} {...form.getInputProps('frequency')}>
            <Stack gap="xs" mt={6}>
              <Radio value="instant" label={t('standingRequests.instant')} />
              <Radio value="daily" label={t('standingRequests.daily')} />
            </Stack>
          </Radio.Group>
          <Group grow align="flex-start" wrap="wrap">
            <NativeSelect
              label={t('standingRequests.licenseType')}
              miw={200}
              data={[
                { value: '', label: t('standingRequests.anyLicense') },
                ...(types.data?.types ?? []).map((type) => ({
                  value: type.id,
                  label: language === 'el' ? type.nameEl : type.nameEn,
                })),
              ]}
              {...form.getInputProps('licenseTypeId')}
            />
            <TextInput
              label={t('standingRequests.maxPrice', { currency })}
              inputMode="decimal"
              autoComplete="off"
              miw={200}
              {...fieldProps(form, t, 'maxPrice')}
            />
          </Group>
          <Text size="xs" c="dimmed" mt={-8}>
            {t('standingRequests.maxPriceHint')}
          </Text>
          {!fieldErrors && <FormError error={saving.error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('standingRequests.cancel')}
            </Button>
            <Button type="submit" loading={saving.isPending}>
              {t(request ? 'standingRequests.saveChanges' : 'standingRequests.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
