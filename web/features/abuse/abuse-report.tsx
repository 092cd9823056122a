import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { LIMITS } from '../../../common/constants';
import { abuseReportInput } from '../../../common/contracts/abuse';
import { EmailField } from '../../components/email-field';
import { FormButtons } from '../../components/form-buttons';
import { FormError } from '../../components/form-error';
import { ApiError } from '../../lib/api';
import { fieldProps, zodValidator } from '../../lib/forms';
import { closeOverlay, onOverlay } from '../../lib/overlays';
import { useSession } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { useSendAbuseReport } from './api';

const blank = { email: '', subject: '', message: '' };

/** The problem-report modal (SPEC 2.8), opened by the button on every page (report-problem-button.tsx). */
export function AbuseReport() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [opened, setOpened] = useState(false);
  const send = useSendAbuseReport();
  const form = useForm({
    mode: 'controlled',
    initialValues: blank,
    validate: zodValidator(abuseReportInput.omit({ url: true })),
    validateInputOnBlur: true,
  });

  useEffect(() => onOverlay('abuseReport', (open) => setOpened(open)), []);
  // The email is pre-filled from the signed-in user, unless the visitor already typed one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the user, not the form object
  useEffect(() => {
    if (opened && user?.email && !form.getValues().email) form.setFieldValue('email', user.email);
  }, [opened, user?.email]);

  const close = () => {
    closeOverlay('abuseReport');
    send.reset();
  };
  // SPEC 4.6: the modal closes on cancel, on reset (which discards what was typed) and on success.
  const handleReset = () => {
    form.setValues({ ...blank, email: user?.email ?? '' });
    form.resetTouched();
    form.clearErrors();
    close();
  };
  const handleSubmit = form.onSubmit((values) =>
    send.mutate(
      { ...values, url: window.location.href },
      {
        onSuccess: () => {
          showToast('success', t('abuse.sent'));
          form.setValues({ ...blank, email: user?.email ?? '' });
          form.resetTouched();
          close();
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            for (const issue of error.fields) form.setFieldError(issue.field, issue.message);
          }
        },
      },
    ),
  );

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('abuse.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('toast.close') }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('abuse.intro')}
          </Text>
          <EmailField label={t('abuse.email')} form={form} name="email" />
          <TextInput
            label={t('abuse.subject')}
            required
            maxLength={LIMITS.abuseSubjectMax}
            {...fieldProps(form, t, 'subject')}
            data-autofocus
          />
          <Textarea
            label={t('abuse.message')}
            required
            autosize
            minRows={4}
            maxRows={10}
            maxLength={LIMITS.abuseMessageMax}
            {...fieldProps(form, t, 'message')}
          />
          <FormError error={send.error} />
          <Group justify="space-between" mt="xs">
            <Button variant="subtle" color="gray" onClick={handleReset}>
              {t('abuse.reset')}
            </Button>
            <FormButtons
              cancelLabel={t('abuse.cancel')}
              onCancel={close}
              submitLabel={t('abuse.send')}
              pending={send.isPending}
            />
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
