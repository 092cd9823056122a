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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { LICENSE_LIMITS, type LicenseTypeList } from '../../../common/contracts/licenses';
import { buildPath, ROUTES } from '../../../common/routes';
import { AccessDenied } from '../../components/access-denied';
import { useBillingAddresses } from '../../components/billing/billing-api';
import { FormError } from '../../components/form-error';
import { ApiError } from '../../lib/api';
import { usePageName } from '../../lib/route-title';
import { useSession } from '../../lib/session';
import { useCreateLicenseRequest, useLicenseTypes, useVideoToLicense } from './api';
import { BillingStep } from './billing-step';
import { ConfirmStep } from './confirm-step';
import { TypeStep } from './type-step';
import { UsageStep } from './usage-step';

interface Values {
  licenseTypeId: string;
  usage: string;
  billingAddressId: string;
  termsAccepted: boolean;
}
type Errors = Partial<Record<keyof Values, string>>;

/** What is missing on a step, as i18n keys (the contract's own messages). */
function problemsOf(step: number, values: Values): Errors {
  if (step === 0 && !values.licenseTypeId) return { licenseTypeId: 'licensing.errors.typeRequired' };
  if (step === 1) {
    const length = values.usage.trim().length;
    if (length < LICENSE_LIMITS.usageMin) return { usage: 'licensing.errors.usageTooShort' };
    if (length > LICENSE_LIMITS.usageMax) return { usage: 'licensing.errors.usageTooLong' };
  }
  if (step === 2 && !values.billingAddressId) return { billingAddressId: 'licensing.errors.billingRequired' };
  if (step === 3 && !values.termsAccepted) return { termsAccepted: 'licensing.errors.termsRequired' };
  return {};
}
const STEP_NAMES = ['type', 'usage', 'billing', 'confirmation'] as const;
const STEP_OF: Record<keyof Values, number> = {
  licenseTypeId: 0,
  usage: 1,
  billingAddressId: 2,
  termsAccepted: 3,
};

/**
 * /videos/{videoId}/license (SPEC 2.6 "license request create"): four steps (type, usage, billing,
 * confirmation) that keep their values when going back; the request is sent at the end and the buyer
 * lands on its details. The route makes sure the caller is signed in and verified.
 */
export function LicenseCreatePage() {
  const { t } = useTranslation();
  const { videoId } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const video = useVideoToLicense(videoId);
  usePageName(video.data?.title, { replaces: 'video' });
  const types = useLicenseTypes();
  const addresses = useBillingAddresses(user?.id ?? '');
  const create = useCreateLicenseRequest(videoId ?? '');
  const compact = useMediaQuery('(max-width: 750px)') ?? false;
  const [active, setActive] = useState(0);
  const [values, setValues] = useState<Values>({
    licenseTypeId: '',
    usage: '',
    billingAddressId: '',
    termsAccepted: false,
  });
  const [errors, setErrors] = useState<Errors>({});

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

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const type = types.data?.types.find((candidate) => candidate.id === values.licenseTypeId);
  const address = addresses.data?.find((candidate) => candidate.id === values.billingAddressId);

  /** Moves forward only when the steps before the target are complete; shows the first problem. */
  const goTo = (target: number) => {
    for (let step = 0; step < target; step++) {
      const problems = problemsOf(step, values);
      if (Object.keys(problems).length > 0) {
        setErrors(problems);
        setActive(step);
        return;
      }
    }
    setActive(target);
  };

  const handleSubmit = () => {
    const problems = problemsOf(3, values);
    if (Object.keys(problems).length > 0) return setErrors(problems);
    create.mutate(
      { ...values, termsAccepted: true },
      {
        onSuccess: (created) =>
          navigate(buildPath(ROUTES.myLicense, { licenseRequestId: created.id }), { replace: true }),
        onError: (error) => {
          // A field the server refused: back to its step, with its message.
          if (error instanceof ApiError && error.fields.length > 0) {
            const next: Errors = {};
            for (const issue of error.fields) {
              if (issue.field in STEP_OF) next[issue.field as keyof Values] = issue.message;
            }
            setErrors(next);
            const first = Object.keys(next)[0] as keyof Values | undefined;
            if (first) setActive(STEP_OF[first]);
          }
        },
      },
    );
  };
  const serverError =
    create.error instanceof ApiError && create.error.fields.length > 0 ? null : create.error;
  const handleType = (id: string, _list: LicenseTypeList) => set('licenseTypeId', id);
  const stepLabel = (step: number) => {
    const label = t(`licensing.create.steps.${STEP_NAMES[step]}`);
    return compact ? { 'aria-label': label } : { label };
  };

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
              <TypeStep
                value={values.licenseTypeId}
                error={errors.licenseTypeId ?? null}
                onChange={handleType}
              />
            </Stepper.Step>
            <Stepper.Step {...stepLabel(1)}>
              <UsageStep
                value={values.usage}
                error={errors.usage ?? null}
                onChange={(v) => set('usage', v)}
              />
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
                videoTitle={video.data.title}
                type={type}
                currency={types.data?.currency ?? 'EUR'}
                usage={values.usage}
                address={address}
                termsAccepted={values.termsAccepted}
                error={errors.termsAccepted ?? null}
                onTermsChange={(accepted) => set('termsAccepted', accepted)}
              />
            </Stepper.Step>
          </Stepper>
          {serverError && (
            <Box mt="md">
              <FormError error={serverError} />
            </Box>
          )}
          <Group justify="space-between" mt="xl">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => setActive((step) => step - 1)}
              disabled={active === 0 || create.isPending}
            >
              {t('licensing.create.back')}
            </Button>
            {active < 3 ? (
              <Button rightSection={<IconArrowRight size={16} />} onClick={() => goTo(active + 1)}>
                {t('licensing.create.next')}
              </Button>
            ) : (
              <Button rightSection={<IconSend size={16} />} onClick={handleSubmit} loading={create.isPending}>
                {t('licensing.create.submit')}
              </Button>
            )}
          </Group>
        </Paper>
      </Stack>
    </Container>
  );
}
