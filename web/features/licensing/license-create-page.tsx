import {
  Alert,
  Box,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { BillingAddressCopy, LicenseType, LicenseTypeList } from '../../../common/contracts/licenses';
import type { SessionUser } from '../../../common/contracts/session';
import { buildPath, ROUTES } from '../../../common/routes';
import { AccessDenied } from '../../components/access-denied';
import { useBillingAddresses } from '../../components/billing/billing-api';
import { FormError } from '../../components/form-error';
import { ApiError } from '../../lib/api';
import { useLicenseTypes } from '../../lib/license-types';
import { usePageName } from '../../lib/route-title';
import { useSession } from '../../lib/session';
import { useVideoToLicense } from './api';
import { BillingStep } from './billing-step';
import { ConfirmStep } from './confirm-step';
import { type LicenseRequestDraft, useLicenseRequestDraft } from './license-request-draft';
import { TypeStep } from './type-step';
import { UsageStep } from './usage-step';

const STEP_NAMES = ['type', 'usage', 'billing', 'confirmation'] as const;

/**
 * /videos/{videoId}/license (SPEC 2.6 "license request create"): four steps (type, usage, billing,
 * confirmation) that keep their values when going back; the request is sent at the end and the buyer
 * lands on its details. The route makes sure the caller is signed in and verified.
 */
export function LicenseCreatePage() {
  const { t } = useTranslation();
  const { videoId } = useParams();
  const { user } = useSession();
  const video = useVideoToLicense(videoId);
  usePageName(video.data?.title, { replaces: 'video' });
  const types = useLicenseTypes();
  const addresses = useBillingAddresses(user?.id ?? '');
  const draft = useLicenseRequestDraft(videoId ?? '');
  const compact = useMediaQuery('(max-width: 750px)') ?? false;

  if (!user) return null;
  if (video.isPending) {
    return (
      <Container size="md" py="xl">
        <Skeleton h={320} radius="lg" />
      </Container>
    );
  }
  if (video.isError) {
    const missing = video.error instanceof ApiError && video.error.status === 404;
    return (
      <Container size="md" py="xl">
        {missing ? (
          <Alert color="gray">{t('licensing.create.videoMissing')}</Alert>
        ) : (
          <FormError error={video.error} />
        )}
      </Container>
    );
  }
  // The owner, or a video that is not for sale: the server would refuse the request.
  if (!video.data.abilities.license) return <AccessDenied />;

  const type = types.data?.types.find((candidate) => candidate.id === draft.values.licenseTypeId);
  const address = addresses.data?.find((candidate) => candidate.id === draft.values.billingAddressId);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('licensing.create.title')}</Title>
          <Text c="dimmed">
            {t('licensing.create.subtitle')}{' '}
            <Text
              component={Link}
              to={buildPath(ROUTES.video, { videoId: video.data.id })}
              fw={600}
              c="teal.8"
            >
              {video.data.title}
            </Text>
          </Text>
        </Stack>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <LicenseSteps
            draft={draft}
            compact={compact}
            user={user}
            videoTitle={video.data.title}
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
      </Stack>
    </Container>
  );
}

/** The stepper and its four steps, each writing its part of the draft. */
function LicenseSteps({
  draft,
  compact,
  user,
  videoTitle,
  type,
  currency,
  address,
}: {
  draft: LicenseRequestDraft;
  compact: boolean;
  user: SessionUser;
  videoTitle: string;
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
            videoTitle={videoTitle}
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
