import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCurrencyEuro } from '@tabler/icons-react';
import { quoteForm } from '../../../common/contracts/licenses';
import { amountText } from '../../../common/money';
import { FormError } from '../../components/form-error';
import { ApiError } from '../../lib/api';
import { fieldProps, zodValidator } from '../../lib/forms';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { useQuoteLicenseRequest } from './api';

/**
 * "Quote a price" (license managers): the amount in the request's currency as typed (a dot or, in Greek, a
 * comma), read as exact cents by the contract's `quoteForm`; a price below one cent or above the limit is
 * refused with a message, never changed silently.
 */
export function QuoteForm({
  requestId,
  currency,
  currentCents,
}: {
  requestId: string;
  currency: string;
  currentCents: number | null;
}) {
  const { t, i18n } = useTranslation();
  const quote = useQuoteLicenseRequest(requestId);
  const form = useForm({
    initialValues: {
      price: currentCents === null ? '' : amountText(currentCents, i18n.language ?? 'en'),
    },
    validate: zodValidator(quoteForm),
    validateInputOnChange: false,
  });
  const otherError = quote.error instanceof ApiError && quote.error.fields.length > 0 ? null : quote.error;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form
        onSubmit={form.onSubmit((values) =>
          quote.mutate(quoteForm.parse(values).price, {
            onSuccess: () => showToast('success', t('licensing.quote.done')),
            onError: (failure) => {
              if (failure instanceof ApiError && failure.fields[0])
                form.setFieldError('price', failure.fields[0].message);
            },
          }),
        )}
        noValidate
      >
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t(currentCents === null ? 'licensing.quote.title' : 'licensing.quote.titleAgain')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('licensing.quote.hint')}
          </Text>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('licensing.quote.price', { currency })}
              inputMode="decimal"
              autoComplete="off"
              leftSection={
                currency === 'EUR' ? <IconCurrencyEuro size={16} /> : <Text size="xs">{currency}</Text>
              }
              w={{ base: '100%', xs: 220 }}
              required
              {...fieldProps(form, t, 'price')}
            />
            <Button type="submit" loading={quote.isPending} mt={{ base: 0, xs: 25 }}>
              {t('licensing.quote.submit')}
            </Button>
          </Group>
          <FormError error={otherError} />
        </Stack>
      </form>
    </Paper>
  );
}
