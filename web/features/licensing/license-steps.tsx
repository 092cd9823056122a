import { Box, Button, Group, Paper, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconSend } from '@tabler/icons-react';
import type { BillingAddressCopy, LicenseType, LicenseTypeList } from '../../../common/contracts/licenses';
import type { SessionUser } from '../../../common/contracts/session';
import { useBillingAddresses } from '../../components/billing/billing-api';
import { FormError } from '../../components/form-error';
import { useLicenseTypes } from '../../lib/license-types';
import { useTranslation } from '../../lib/translation';
import { BillingStep } from './billing-step';
import { ConfirmStep } from './confirm-step';
import type { LicenseRequestDraft } from './license-request-draft';
import { TypeStep } from './type-step';
import { UsageStep } from './usage-step';

const STEP_NAMES = ['type', 'usage', 'billing', 'confirmation'] as const;

/**
 * The four steps of a license request (type, usage, billing, confirmation) in their frame, with what the
 * server refused under them and the buttons that move between them: for one clip or several at once.
 */
export function LicenseRequestForm({
  draft,
  user,
  videoTitles,
}: {
  draft: LicenseRequestDraft;
  user: SessionUser;
  videoTitles: string[];
}) {
  const types = useLicenseTypes();
  const addresses = useBillingAddresses(user.id);
  const compact = useMediaQuery('(max-width: 750px)') ?? false;
  const type = types.data?.types.find((candidate) => candidate.id === draft.values.licenseTypeId);
  const address = addresses.data?.find((candidate) => candidate.id === draft.values.billingAddressId);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <LicenseSteps
        draft={draft}
        compact={compact}
        user={user}
        videoTitles={videoTitles}
        type={type}
        currency={types.data?.currency ?? 'EUR'}
        address={address}
      />
      {draft.serverError && (
        <Box mt="md">
          <FormError error={draft.serverError} />
        </Box>
      )}
      <StepButtons draft={draft} />
    </Paper>
  );
}

/** The stepper and its four steps, each writing its part of the draft. */
function LicenseSteps({
  draft,
  compact,
  user,
  videoTitles,
  type,
  currency,
  address,
}: {
  draft: LicenseRequestDraft;
  compact: boolean;
  user: SessionUser;
  videoTitles: string[];
  type: LicenseType | undefined;
  currency: string;
  address: BillingAddressCopy | undefined;
}) {
  const { t } = useTranslation();
  const { active, values, errors, set, goTo } = draft;
  const handleType = (id: string, _list: LicenseTypeList) => set('licenseTypeId', id);
  const stepLabel = (step: number) => {
    const label = t(`licensing.create.steps.${STEP_NAMES[step]}`);
    return compact ? { 'aria-label': label } : { label };
  };

  return (
    <>
      {/* On a phone the four labels do not fit beside each other: numbers only, the current step named. */}
      {compact && (
        <Text size="sm" fw={700} mb="sm">
          {t('licensing.create.stepOf', {
            step: active + 1,
            label: t(`licensing.create.steps.${STEP_NAMES[active]}`),
          })}
        </Text>
      )}
      <Stepper active={active} onStepClick={goTo} allowNextStepsSelect={false} size="sm">
        <Stepper.Step {...stepLabel(0)}>
          <TypeStep value={values.licenseTypeId} error={errors.licenseTypeId ?? null} onChange={handleType} />
        </Stepper.Step>
        <Stepper.Step {...stepLabel(1)}>
          <UsageStep value={values.usage} error={errors.usage ?? null} onChange={(v) => set('usage', v)} />
        </Stepper.Step>
        <Stepper.Step {...stepLabel(2)}>
          <BillingStep
            user={user}
            value={values.billingAddressId}
            error={errors.billingAddressId ?? null}
            onChange={(id) => set('billingAddressId', id)}
          />
        </Stepper.Step>
        <Stepper.Step {...stepLabel(3)}>
          <ConfirmStep
            videoTitles={videoTitles}
            type={type}
            currency={currency}
            usage={values.usage}
            address={address}
            termsAccepted={values.termsAccepted}
            error={errors.termsAccepted ?? null}
            onTermsChange={(accepted) => set('termsAccepted', accepted)}
          />
        </Stepper.Step>
      </Stepper>
    </>
  );
}

/** Back, and Next until the last step, where Send takes its place. */
function StepButtons({ draft }: { draft: LicenseRequestDraft }) {
  const { t } = useTranslation();
  const { active, pending } = draft;
  return (
    <Group justify="space-between" mt="xl">
      <Button
        variant="default"
        leftSection={<IconArrowLeft size={16} />}
        onClick={draft.back}
        disabled={active === 0 || pending}
      >
        {t('licensing.create.back')}
      </Button>
      {active < 3 ? (
        <Button rightSection={<IconArrowRight size={16} />} onClick={() => draft.goTo(active + 1)}>
          {t('licensing.create.next')}
        </Button>
      ) : (
        <Button rightSection={<IconSend size={16} />} onClick={draft.submit} loading={pending}>
          {t('licensing.create.submit')}
        </Button>
      )}
    </Group>
  );
}
