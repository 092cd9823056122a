import { Alert, Button, Stack, Text } from '@mantine/core';
import { currentVerificationStep } from '../../../common/contracts/verification';
import { LoadingSpinner } from '../../components/query-state';
import { useCompactModal, WideModal } from '../../components/wide-modal';
import { useSession } from '../../lib/session';
import { useTranslation } from '../../lib/translation';
import { useVerificationState } from './api';
import { DoneStep } from './done-step';
import { EmailStep } from './email-step';
import { PhoneStep } from './phone-step';
import { ProfileStep } from './profile-step';
import { verificationErrorText } from './verification-errors';
import { VerificationProgress } from './verification-progress';

/**
 * "Account verification required" (SPEC 2.5): four steps, the current one being the first incomplete;
 * at least 750 px wide, full screen below that. Loaded only when first opened.
 */
export default function VerificationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const state = useVerificationState(opened && user !== null);
  const compact = useCompactModal();
  const step = state.data ? currentVerificationStep(state.data) : null;

  let body: React.ReactNode;
  if (state.isPending || !user) {
    body = <LoadingSpinner />;
  } else if (state.isError || !state.data || !step) {
    body = (
      <Stack>
        <Alert color="red" role="alert">
          {verificationErrorText(state.error, t, i18n)}
        </Alert>
        <Button variant="light" onClick={() => state.refetch()} style={{ alignSelf: 'flex-start' }}>
          {t('home.retry')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <>
        <VerificationProgress step={step} compact={compact} />
        {step === 'email' && <EmailStep state={state.data} />}
        {step === 'phone' && <PhoneStep state={state.data} />}
        {step === 'profile' && <ProfileStep user={user} countryGuess={state.data.countryGuess} />}
        {step === 'done' && <DoneStep onStart={onClose} />}
      </>
    );
  }

  return (
    <WideModal
      opened={opened}
      onClose={onClose}
      title={t('verification.title')}
      closeButtonProps={{ 'aria-label': t('auth.close') }}
    >
      {step !== 'done' && state.data && (
        <Text c="dimmed" size="sm" mb="md">
          {t('verification.intro')}
        </Text>
      )}
      {body}
    </WideModal>
  );
}
