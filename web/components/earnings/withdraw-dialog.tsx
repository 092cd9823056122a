import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  electronicIban,
  type WithdrawalPolicy,
  withdrawalRequestInput,
} from '../../../common/contracts/earnings';
import { amountText, formatMoney, parseAmountToCents } from '../../../common/money';
import { ApiError } from '../../lib/api';
import { openOverlay } from '../../lib/overlays';
import { showToast } from '../../lib/toast';
import { FormError } from '../form-error';
import { useRequestWithdrawal } from './api';
import { withdrawalRefusal } from './money-error';

type Method = 'paypal' | 'bank_transfer';

/**
 * "Withdraw" (SPEC 2.6): an amount in the balance's currency, read as exact cents from what was typed,
 * and where to pay it: a PayPal e-mail or a bank account (IBAN, checked as typed, and holder). The
 * policy is shown; the server decides with the user's ledger locked.
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
  const language = i18n.resolvedLanguage ?? 'en';
  const request = useRequestWithdrawal();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<Method>('bank_transfer');
  const [email, setEmail] = useState('');
  const [iban, setIban] = useState('');
  const [holder, setHolder] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const money = (cents: number) => formatMoney(cents, currency, language);

  const close = () => {
    request.reset();
    setErrors({});
    onClose();
  };

  const submit = () => {
    const amountCents = parseAmountToCents(amount);
    const body =
      method === 'paypal'
        ? { method, amountCents: amountCents ?? 0, currency, email }
        : { method, amountCents: amountCents ?? 0, currency, iban, holder };
    const parsed = withdrawalRequestInput.safeParse(body);
    const found: Record<string, string> = {};
    if (amountCents === null) found.amount = 'withdrawals.errors.amount';
    for (const issue of parsed.error?.issues ?? []) {
      const field = String(issue.path[0]);
      if (field !== 'amountCents' && !found[field]) found[field] = issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    request.mutate(parsed.data, {
      onSuccess: () => {
        showToast('success', t('withdrawals.created'));
        setAmount('');
        close();
      },
      // Only verified members withdraw: the verification opens over the dialog, which keeps what was typed.
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'NOT_VERIFIED') openOverlay('verification');
      },
    });
  };

  const refusal = withdrawalRefusal(request.error, t, language);
  const fieldError = (field: string) => (errors[field] ? t(errors[field]) : undefined);

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
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('withdrawals.policy', { minimum: money(policy.minimumCents), days: policy.delayDays })}
          </Text>
          <Text fw={600}>
            {t('withdrawals.availableNow', { amount: money(Math.max(availableCents, 0)) })}
          </Text>
          <TextInput
            label={t('withdrawals.amount', { currency })}
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            inputMode="decimal"
            autoComplete="off"
            error={fieldError('amount')}
            required
            rightSectionWidth={64}
            rightSection={
              availableCents > 0 && (
                <Button
                  variant="subtle"
                  size="compact-xs"
                  onClick={() => setAmount(amountText(availableCents, language))}
                >
                  {t('withdrawals.all')}
                </Button>
              )
            }
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="payout-method-label">
              {t('withdrawals.method')}
            </Text>
            <SegmentedControl
              aria-labelledby="payout-method-label"
              value={method}
              onChange={(value) => setMethod(value as Method)}
              data={[
                { value: 'bank_transfer', label: t('withdrawals.methods.bank_transfer') },
                { value: 'paypal', label: t('withdrawals.methods.paypal') },
              ]}
              fullWidth
            />
          </Stack>
          {method === 'paypal' ? (
            <TextInput
              label={t('withdrawals.email')}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={fieldError('email')}
              required
            />
          ) : (
            <>
              <TextInput
                label={t('withdrawals.iban')}
                value={iban}
                onChange={(event) => setIban(event.currentTarget.value)}
                onBlur={() => {
                  const electronic = electronicIban(iban);
                  if (electronic) setIban(electronic.replace(/(.{4})/g, '$1 ').trim());
                }}
                autoComplete="off"
                spellCheck={false}
                error={fieldError('iban')}
                required
              />
              <TextInput
                label={t('withdrawals.holder')}
                value={holder}
                onChange={(event) => setHolder(event.currentTarget.value)}
                autoComplete="name"
                error={fieldError('holder')}
                required
              />
            </>
          )}
          {refusal ? (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          ) : (
            <FormError error={request.error} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('withdrawals.cancel')}
            </Button>
            <Button type="submit" loading={request.isPending}>
              {t('withdrawals.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
