import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCurrencyEuro } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LICENSE_LIMITS } from '../../../common/contracts/licenses';
import { amountText, parseAmountToCents } from '../../../common/money';
import { FormError } from '../../components/form-error';
import { ApiError } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { useQuoteLicenseRequest } from './api';

/**
 * "Quote a price" (licence managers): the amount in the request's currency as typed (a dot or, in Greek, a
 * comma), read as exact cents; a price below one cent or above the limit is refused with a message, never
 * changed silently.
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
  const language = i18n.resolvedLanguage ?? 'en';
  const [amount, setAmount] = useState(currentCents === null ? '' : amountText(currentCents, language));
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const cents = parseAmountToCents(amount);
    if (cents === null) return setError('licensing.errors.priceInvalid');
    if (cents > LICENSE_LIMITS.priceMaxCents) return setError('licensing.errors.priceTooHigh');
    quote.mutate(cents, {
      onSuccess: () => showToast('success', t('licensing.quote.done')),
      onError: (failure) => {
        if (failure instanceof ApiError && failure.fields[0]) setError(failure.fields[0].message);
      },
    });
  };
  const otherError = quote.error instanceof ApiError && quote.error.fields.length > 0 ? null : quote.error;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
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
              value={amount}
              onChange={(event) => {
                setAmount(event.currentTarget.value);
                setError(null);
              }}
              inputMode="decimal"
              autoComplete="off"
              leftSection={
                currency === 'EUR' ? <IconCurrencyEuro size={16} /> : <Text size="xs">{currency}</Text>
              }
              error={error ? t(error) : undefined}
              w={{ base: '100%', xs: 220 }}
              required
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
