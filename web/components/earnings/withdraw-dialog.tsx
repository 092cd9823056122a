import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import {
  electronicIban,
  type WithdrawalFormValues,
  type WithdrawalPolicy,
  withdrawalForm,
  withdrawalRequestOf,
} from '../../../common/contracts/earnings';
import { amountText, formatMoney } from '../../../common/money';
import { ApiError } from '../../lib/api';
import { fieldProps, zodValidator } from '../../lib/forms';
import { openOverlay } from '../../lib/overlays';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { EmailField } from '../email-field';
import { FormButtons } from '../form-buttons';
import { FormError } from '../form-error';
import { useRequestWithdrawal } from './api';
import { withdrawalRefusal } from './money-error';

type Method = WithdrawalFormValues['method'];

/**
 * "Withdraw" (SPEC 2.6): an amount in the balance's currency, read as exact cents from what was typed,
 * and where to pay it: a PayPal e-mail or a bank account (IBAN, checked as typed, and holder), checked by
 * the contract's `withdrawalForm`. The policy is shown; the server decides with the user's ledger locked.
 */
export function WithdrawDialog({
  opened,
  onClose,
  currency,
  availableCents,
  policy,
}: {
  opened: boolean;
  onClose: () => void;
  currency: string;
  availableCents: number;
  policy: WithdrawalPolicy;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const request = useRequestWithdrawal();
  const form = useForm<WithdrawalFormValues>({
    initialValues: { method: 'bank_transfer', amount: '', currency, email: '', iban: '', holder: '' },
    validate: zodValidator(withdrawalForm),
  });
  const money = (cents: number) => formatMoney(cents, currency, language);

  const close = () => {
    request.reset();
    form.clearErrors();
    onClose();
  };

  const submit = (values: WithdrawalFormValues) => {
    request.mutate(withdrawalRequestOf({ ...values, currency }), {
      onSuccess: () => {
        showToast('success', t('withdrawals.created'));
        form.setFieldValue('amount', '');
        close();
      },
      // Only verified members withdraw: the verification opens over the dialog, which keeps what was typed.
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'NOT_VERIFIED') openOverlay('verification');
      },
    });
  };

  const refusal = withdrawalRefusal(request.error, t, language);

  // Below the minimum there is nothing to ask for yet: say so, and when more becomes available.
  if (availableCents < policy.minimumCents) {
    return (
      <Modal opened={opened} onClose={close} title={t('withdrawals.title')} centered size="lg">
        <Stack gap="md">
          <Text>
            {t('withdrawals.belowMinimum', {
              minimum: money(policy.minimumCents),
              available: money(Math.max(availableCents, 0)),
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('withdrawals.delayHint', { days: policy.delayDays })}
          </Text>
          <Group justify="flex-end">
            <Button onClick={close}>{t('withdrawals.close')}</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal opened={opened} onClose={close} title={t('withdrawals.title')} centered size="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('withdrawals.policy', { minimum: money(policy.minimumCents), days: policy.delayDays })}
          </Text>
          <Text fw={600}>
            {t('withdrawals.availableNow', { amount: money(Math.max(availableCents, 0)) })}
          </Text>
          <AmountField form={form} currency={currency} availableCents={availableCents} />
          <PayoutFields form={form} />
          {refusal ? (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          ) : (
            <FormError error={request.error} />
          )}
          <FormButtons
            cancelLabel={t('withdrawals.cancel')}
            onCancel={close}
            submitLabel={t('withdrawals.submit')}
            pending={request.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** The amount, with "All" to fill in the whole available balance. */
function AmountField({
  form,
  currency,
  availableCents,
}: {
  form: UseFormReturnType<WithdrawalFormValues>;
  currency: string;
  availableCents: number;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <TextInput
      label={t('withdrawals.amount', { currency })}
      inputMode="decimal"
      autoComplete="off"
      required
      {...fieldProps(form, t, 'amount')}
      rightSectionWidth={64}
      rightSection={
        availableCents > 0 && (
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => form.setFieldValue('amount', amountText(availableCents, language))}
          >
            {t('withdrawals.all')}
          </Button>
        )
      }
    />
  );
}

/** Where to pay: the method, then a PayPal e-mail or a bank account (IBAN and holder). */
function PayoutFields({ form }: { form: UseFormReturnType<WithdrawalFormValues> }) {
  const { t } = useTranslation();
  const method = form.values.method;
  return (
    <>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="payout-method-label">
          {t('withdrawals.method')}
        </Text>
        <SegmentedControl
          aria-labelledby="payout-method-label"
          value={method}
          onChange={(value) => form.setFieldValue('method', value as Method)}
          data={[
            { value: 'bank_transfer', label: t('withdrawals.methods.bank_transfer') },
            { value: 'paypal', label: t('withdrawals.methods.paypal') },
          ]}
          fullWidth
        />
      </Stack>
      {method === 'paypal' ? (
        <EmailField label={t('withdrawals.email')} form={form} name="email" />
      ) : (
        <>
          <TextInput
            label={t('withdrawals.iban')}
            autoComplete="off"
            spellCheck={false}
            required
            {...fieldProps(form, t, 'iban')}
            // Written back in groups of four as banks print it, once it reads as an IBAN.
            onBlur={() => {
              const electronic = electronicIban(form.values.iban);
              if (electronic) form.setFieldValue('iban', electronic.replace(/(.{4})/g, '$1 ').trim());
            }}
          />
          <TextInput
            label={t('withdrawals.holder')}
            autoComplete="name"
            required
            {...fieldProps(form, t, 'holder')}
          />
        </>
      )}
    </>
  );
}
